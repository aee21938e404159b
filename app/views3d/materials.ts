/**
 * Shared, never-disposed materials of the 3-D views. three.js frees a shader program when the last material
 * using it is disposed, and compiling it again blocks the main thread (for a second or more on a software
 * renderer). The views replace their geometry whenever new release cells arrive; sharing the materials keeps
 * every program alive, so the only compiles are the first ones. A material is created per distinct style.
 */
import * as THREE from 'three';
import { LineMaterial } from 'three/examples/jsm/lines/LineMaterial.js';

const cache = new Map<string, THREE.Material>();

function cached<M extends THREE.Material>(key: string, make: () => M): M {
  let m = cache.get(key) as M | undefined;
  if (!m) {
    m = make();
    cache.set(key, m);
  }
  return m;
}

export interface LambertStyle {
  opacity?: number;
  doubleSide?: boolean;
  /** Push the surface back in depth (lines drawn on it then never z-fight). */
  polygonOffset?: boolean;
}

/** Matte shaded material (cheap to compile, unlike the physically based ones). */
export function lambert(colour: string, style: LambertStyle = {}): THREE.MeshLambertMaterial {
  const { opacity = 1, doubleSide = false, polygonOffset = false } = style;
  return cached(`lambert|${colour}|${opacity}|${doubleSide}|${polygonOffset}`, () => {
    const m = new THREE.MeshLambertMaterial({
      color: colour,
      transparent: opacity < 1,
      opacity,
      depthWrite: opacity >= 1,
      side: doubleSide ? THREE.DoubleSide : THREE.FrontSide,
    });
    if (polygonOffset) {
      m.polygonOffset = true;
      m.polygonOffsetFactor = 1;
      m.polygonOffsetUnits = 1;
    }
    return m;
  });
}

/** Hairlines (graticule, axes, wireframes). */
export function hairline(colour: string, opacity = 1): THREE.LineBasicMaterial {
  return cached(
    `hairline|${colour}|${opacity}`,
    () =>
      new THREE.LineBasicMaterial({
        color: colour,
        transparent: opacity < 1,
        opacity,
        depthWrite: opacity >= 1,
      }),
  );
}

export interface WideLineStyle {
  /** Width in CSS pixels. */
  width: number;
  opacity?: number;
  dashed?: boolean;
  dashSize?: number;
  gapSize?: number;
}

/**
 * Screen-space wide lines with colours per vertex (one shader program for every colour scheme: the private
 * geodesics in one colour and the Fig. 5 budgets alike).
 */
export function wideLine({
  width,
  opacity = 1,
  dashed = false,
  dashSize = 1,
  gapSize = 1,
}: WideLineStyle): LineMaterial {
  return cached(
    `wide|${width}|${opacity}|${dashed}|${dashSize}|${gapSize}`,
    () =>
      new LineMaterial({
        color: 0xffffff,
        vertexColors: true,
        linewidth: width,
        transparent: opacity < 1,
        opacity,
        dashed,
        dashSize,
        gapSize,
        depthWrite: opacity >= 1,
      }),
  );
}

/** Anchors in three's Lambert shaders that `ballLambert` patches; a three.js update that moves one fails loudly. */
const BALL_PATCHES = {
  vertex: [
    ['#include <common>', '#include <common>\nvarying vec3 vBallCentre;\nvarying float vBallRadius;'],
    [
      '#include <project_vertex>',
      `vec4 mvPosition = vec4( 0.0, 0.0, 0.0, 1.0 );
#ifdef USE_INSTANCING
	mvPosition = instanceMatrix * mvPosition;
#endif
	mvPosition = modelViewMatrix * mvPosition;
	vBallCentre = mvPosition.xyz;
	vBallRadius = abs( position.x ) / BALL_MARGIN;
	mvPosition.xy += position.xy;
	gl_Position = projectionMatrix * mvPosition;`,
    ],
  ],
  fragment: [
    [
      '#include <common>',
      '#include <common>\nuniform mat4 projectionMatrix;\nvarying vec3 vBallCentre;\nvarying float vBallRadius;',
    ],
    [
      '#include <normal_fragment_begin>',
      `#include <normal_fragment_begin>
	// the eye ray through this pixel meets the ball where the discriminant is positive
	vec3 rayDir = normalize( - vViewPosition );
	float along = dot( rayDir, vBallCentre );
	float disc = along * along - dot( vBallCentre, vBallCentre ) + vBallRadius * vBallRadius;
	float coverage = clamp( 0.5 + disc / fwidth( disc ), 0.0, 1.0 );
	if ( coverage == 0.0 ) discard;
	diffuseColor.a *= coverage;
	vec3 hit = ( along - sqrt( max( disc, 0.0 ) ) ) * rayDir;
	normal = ( hit - vBallCentre ) / vBallRadius;
	vec4 hitClip = projectionMatrix * vec4( hit, 1.0 );
	gl_FragDepth = 0.5 + 0.5 * hitClip.z / hitClip.w;`,
    ],
  ],
} as const;

/** The square around a ball is this much wider than the ball: under perspective its outline is a little larger. */
export const BALL_MARGIN = 1.25;

/** The Lambert shaders patched to draw balls (exported so a test can check every anchor is found). */
export function patchBallShaders(shader: { vertexShader: string; fragmentShader: string }) {
  const patch = (code: string, edits: readonly (readonly [string, string])[]) =>
    edits.reduce((c, [anchor, replacement]) => {
      if (!c.includes(anchor)) throw new Error(`ballLambert: three's Lambert shader has no "${anchor}"`);
      return c.replace(anchor, replacement);
    }, code);
  shader.vertexShader = `#define BALL_MARGIN ${BALL_MARGIN.toFixed(2)}\n${patch(shader.vertexShader, BALL_PATCHES.vertex)}`;
  shader.fragmentShader = patch(shader.fragmentShader, BALL_PATCHES.fragment);
}

/**
 * Matte shaded balls drawn as squares facing the camera (geometry: `ballSquare`, one instance per ball, translated
 * only): the fragment shader traces the eye ray to the ball, keeps the pixels it hits (their edge smoothed by
 * alpha to coverage), shades them with the ball's normal under the scene's lights and writes the ball's depth. A
 * ball costs two triangles instead of a few hundred — a thousand data balls on a software renderer were most of
 * every frame. Perspective cameras only.
 */
export function ballLambert(colour: string, opacity = 1): THREE.MeshLambertMaterial {
  return cached(`ball|${colour}|${opacity}`, () => {
    const m = new THREE.MeshLambertMaterial({
      color: colour,
      transparent: opacity < 1,
      opacity,
      depthWrite: opacity >= 1,
      alphaToCoverage: true,
    });
    m.onBeforeCompile = patchBallShaders;
    m.customProgramCacheKey = () => 'ball';
    return m;
  });
}

/** The square a ball of this radius is drawn on (see ballLambert). */
export function ballSquare(radius: number): THREE.PlaneGeometry {
  const side = 2 * radius * BALL_MARGIN;
  return new THREE.PlaneGeometry(side, side);
}

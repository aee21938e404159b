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

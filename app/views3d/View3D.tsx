/**
 * A 3-D view frame shared by the sphere and the SPD-cone views: an @react-three/fiber canvas rendered on
 * demand (no work while nothing moves), three's OrbitControls (drag to rotate, wheel or pinch to zoom), and a
 * focusable container that rotates and zooms with the keyboard. The camera position is reported (debounced)
 * after the user moves it, so the lab can keep it in its URL state, and it follows the `camera` prop when
 * that changes from outside (a link, a preset).
 *
 * Keyboard (when the view has focus): ← → rotate around the vertical axis, ↑ ↓ tilt, + − (or PageUp /
 * PageDown) zoom, Home or 0 back to the initial view. Views may add keys of their own (`onKey`).
 */
import { Canvas, useFrame, useThree } from '@react-three/fiber';
import { useCallback, useEffect, useImperativeHandle, useRef, type ReactNode, type Ref } from 'react';
import * as THREE from 'three';
import { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';
import './views3d.css';

export type Vec3 = [number, number, number];

/** Programmatic camera moves (keyboard). */
export interface RigHandle {
  rotate(left: number, up: number): void;
  zoom(factor: number): void;
  reset(): void;
}

const STEP = (10 * Math.PI) / 180;
const ZOOM = 1.15;
/** Idle time after the last camera move before it is reported (ms). */
const SAVE_DELAY = 350;

/** Fraction of a keyboard move applied per frame. */
const GLIDE = 0.25;

/**
 * Orbits the camera about the controls' target (public API only: OrbitControls' own rotate and dolly
 * methods are private in three r182): `left`/`up` radians as a drag would, distance × e^logDistance within the
 * controls' limits; the polar angle stays clear of the poles, where the view would flip.
 */
function orbitCamera(controls: OrbitControls, left: number, up: number, logDistance: number): void {
  const cam = controls.object;
  const toYUp = new THREE.Quaternion().setFromUnitVectors(cam.up, new THREE.Vector3(0, 1, 0));
  const offset = cam.position.clone().sub(controls.target).applyQuaternion(toYUp);
  const s = new THREE.Spherical().setFromVector3(offset);
  s.theta -= left;
  s.phi = Math.min(Math.PI - 1e-3, Math.max(1e-3, s.phi - up));
  s.radius = Math.min(controls.maxDistance, Math.max(controls.minDistance, s.radius * Math.exp(logDistance)));
  offset.setFromSpherical(s).applyQuaternion(toYUp.invert());
  cam.position.copy(controls.target).add(offset);
  cam.lookAt(controls.target);
}

const round4 = (x: number) => Math.round(x * 1e4) / 1e4;
const key3 = (v: readonly number[] | null) => (v ? v.map((x) => x.toFixed(4)).join(',') : '');

interface RigProps {
  target: Vec3;
  /** Camera position when no saved one is given. */
  home: Vec3;
  saved: Vec3 | null;
  minDistance: number;
  maxDistance: number;
  onSave(position: Vec3): void;
  /** Every camera change (cheap: for a data attribute). */
  onMove(position: THREE.Vector3): void;
  /** False when the user starts moving the camera, true once the position it came to rest at is saved. */
  onSettled(settled: boolean): void;
  handle: Ref<RigHandle>;
}

function OrbitRig(props: RigProps) {
  const { target, home, saved, minDistance, maxDistance, onSave, onMove, onSettled, handle } = props;
  const camera = useThree((s) => s.camera);
  const domElement = useThree((s) => s.gl.domElement);
  const invalidate = useThree((s) => s.invalidate);
  const controlsRef = useRef<OrbitControls | null>(null);
  /** What is left of the keyboard's moves: rotation left and up (radians), ln of the distance factor. */
  const glide = useRef({ left: 0, up: 0, logDistance: 0 });
  const saveRef = useRef({ onSave, onMove, onSettled });
  useEffect(() => {
    saveRef.current = { onSave, onMove, onSettled };
  }, [onSave, onMove, onSettled]);

  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const userMoved = useRef(false);
  const startMove = useCallback(() => {
    userMoved.current = true;
    saveRef.current.onSettled(false);
  }, []);

  useEffect(() => {
    const controls = new OrbitControls(camera, domElement);
    controlsRef.current = controls;
    controls.enableDamping = true;
    controls.dampingFactor = 0.15;
    controls.enablePan = false;
    controls.rotateSpeed = 0.8;
    const scheduleSave = () => {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        userMoved.current = false;
        const p = controls.object.position;
        saveRef.current.onSave([round4(p.x), round4(p.y), round4(p.z)]);
        saveRef.current.onSettled(true);
      }, SAVE_DELAY);
    };
    const onStart = startMove;
    const onChange = () => {
      invalidate();
      saveRef.current.onMove(controls.object.position);
      if (userMoved.current) scheduleSave();
    };
    controls.addEventListener('start', onStart);
    controls.addEventListener('change', onChange);
    return () => {
      controls.removeEventListener('start', onStart);
      controls.removeEventListener('change', onChange);
      controls.dispose();
      controlsRef.current = null;
      clearTimeout(timer.current);
    };
  }, [camera, domElement, invalidate, startMove]);

  useEffect(() => {
    const controls = controlsRef.current;
    if (!controls) return;
    controls.minDistance = minDistance;
    controls.maxDistance = maxDistance;
  }, [minDistance, maxDistance]);

  // Follow the saved camera (or the home position) when it changes from outside; our own saves are within
  // rounding of the current position and do not move the camera.
  const targetKey = key3(target);
  const homeKey = key3(home);
  const wantKey = key3(saved ?? home);
  useEffect(() => {
    const controls = controlsRef.current;
    if (!controls) return;
    const cam = controls.object;
    const want = new THREE.Vector3(...((saved ?? home) as Vec3));
    const t = new THREE.Vector3(...target);
    if (controls.target.distanceTo(t) < 1e-6 && cam.position.distanceTo(want) < 2e-3) {
      onMove(cam.position);
      return;
    }
    controls.target.copy(t);
    cam.position.copy(want);
    cam.lookAt(t);
    controls.update();
    onMove(cam.position);
    invalidate();
    // keyed by value (targetKey, wantKey), not by array identity
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [targetKey, wantKey, camera, domElement, invalidate]);

  useImperativeHandle(
    handle,
    () => ({
      rotate(left, up) {
        startMove();
        glide.current.left += left;
        glide.current.up += up;
        invalidate();
      },
      zoom(factor) {
        startMove();
        // factor > 1 moves the camera away (the distance is multiplied by factor)
        glide.current.logDistance += Math.log(factor);
        invalidate();
      },
      reset() {
        const controls = controlsRef.current;
        if (!controls) return;
        startMove();
        controls.target.set(...target);
        controls.object.position.set(...home);
        controls.object.lookAt(controls.target);
        controls.update();
        invalidate();
      },
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [invalidate, targetKey, homeKey],
  );

  // Keyboard moves glide in over a few frames (as the controls' damping does for the mouse); the controls'
  // update then reports the change. Damping: keep rendering while the camera is still gliding.
  useFrame(() => {
    const controls = controlsRef.current;
    if (!controls) return;
    const g = glide.current;
    const left = Math.abs(g.left) + Math.abs(g.up) + Math.abs(g.logDistance);
    if (left > 0) {
      const f = left < 1e-4 ? 1 : GLIDE;
      orbitCamera(controls, g.left * f, g.up * f, g.logDistance * f);
      g.left -= g.left * f;
      g.up -= g.up * f;
      g.logDistance -= g.logDistance * f;
      if (f === 1) g.left = g.up = g.logDistance = 0;
      invalidate();
    }
    controls.update();
  });
  return null;
}

/**
 * Compiles the shader programs of everything in the scene — hidden objects included, such as the still empty
 * private geodesics — before the first frame, so that data arriving later never waits for a compile. Then marks
 * the frame `data-ready` after the first rendered frame (tests wait for it before timing the main thread).
 */
function Precompile({ onReady }: { onReady(): void }) {
  const gl = useThree((s) => s.gl);
  const scene = useThree((s) => s.scene);
  const camera = useThree((s) => s.camera);
  const done = useRef(false);
  useEffect(() => {
    gl.compile(scene, camera);
  }, [gl, scene, camera]);
  useFrame(() => {
    if (done.current) return;
    done.current = true;
    // after this frame has been drawn
    requestAnimationFrame(onReady);
  });
  return null;
}

export interface View3DProps {
  /** Accessible name of the view. */
  label: string;
  /** data-testid of the frame (the canvas is inside it). */
  testId: string;
  target: Vec3;
  home: Vec3;
  /** Saved camera position (null: home). */
  camera: Vec3 | null;
  onCameraSaved(position: Vec3): void;
  fov?: number;
  near?: number;
  far?: number;
  minDistance: number;
  maxDistance: number;
  /** Extra keys of the view; return true when the key was handled. */
  onKey?(e: React.KeyboardEvent): boolean;
  /** HTML drawn over the canvas (readouts). */
  overlay?: ReactNode;
  /** Id of the element that explains the keys. */
  describedBy?: string;
  /** Extra class of the frame (e.g. its aspect ratio). */
  className?: string;
  children: ReactNode;
}

/** A focusable, keyboard-operable 3-D canvas with orbit controls. */
export function View3D(props: View3DProps) {
  const { label, testId, target, home, camera, onCameraSaved, onKey, overlay, describedBy, children } = props;
  const rig = useRef<RigHandle>(null);
  const frame = useRef<HTMLDivElement>(null);
  const onReady = useCallback(() => frame.current?.setAttribute('data-ready', 'true'), []);
  const onMove = useCallback((p: THREE.Vector3) => {
    frame.current?.setAttribute('data-camera', `${p.x.toFixed(4)},${p.y.toFixed(4)},${p.z.toFixed(4)}`);
  }, []);
  const onSettled = useCallback(
    (settled: boolean) => frame.current?.setAttribute('data-camera-settled', String(settled)),
    [],
  );
  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    if (onKey?.(e)) {
      e.preventDefault();
      return;
    }
    const r = rig.current;
    if (!r) return;
    const fine = e.shiftKey ? 0.25 : 1;
    switch (e.key) {
      case 'ArrowLeft':
        r.rotate(STEP * fine, 0);
        break;
      case 'ArrowRight':
        r.rotate(-STEP * fine, 0);
        break;
      case 'ArrowUp':
        r.rotate(0, STEP * fine);
        break;
      case 'ArrowDown':
        r.rotate(0, -STEP * fine);
        break;
      case '+':
      case '=':
      case 'PageUp':
        r.zoom(1 / ZOOM);
        break;
      case '-':
      case '_':
      case 'PageDown':
        r.zoom(ZOOM);
        break;
      case 'Home':
      case '0':
        r.reset();
        break;
      default:
        return;
    }
    e.preventDefault();
  };
  const initial = camera ?? home;
  return (
    <div
      ref={frame}
      className={`view3d-frame ${props.className ?? ''}`}
      data-testid={testId}
      tabIndex={0}
      role="group"
      aria-label={label}
      aria-describedby={describedBy}
      aria-roledescription="3D view"
      onKeyDown={onKeyDown}
    >
      <Canvas
        frameloop="demand"
        dpr={[1, 2]}
        gl={{ preserveDrawingBuffer: true, antialias: true }}
        camera={{ position: initial, fov: props.fov ?? 40, near: props.near ?? 0.05, far: props.far ?? 100 }}
        onCreated={({ gl }) => gl.setClearColor(new THREE.Color('#f7f9fb'))}
      >
        <OrbitRig
          target={target}
          home={home}
          saved={camera}
          minDistance={props.minDistance}
          maxDistance={props.maxDistance}
          onSave={onCameraSaved}
          onMove={onMove}
          onSettled={onSettled}
          handle={rig}
        />
        {children}
        <Precompile onReady={onReady} />
      </Canvas>
      {overlay}
    </div>
  );
}

/** A directional light that sits at the camera (the lit side always faces the viewer), plus soft fill. */
export function CameraLights({ intensity = 1.6 }: { intensity?: number }) {
  const light = useRef<THREE.DirectionalLight>(null);
  useFrame(({ camera }) => {
    const l = light.current;
    if (!l) return;
    // up and to the left of the viewer, pointing at the origin
    l.position.copy(camera.position).add(camera.up.clone().multiplyScalar(0.6));
  });
  return (
    <>
      <ambientLight intensity={0.9} />
      <hemisphereLight args={['#ffffff', '#b8c2cc', 0.5]} />
      <directionalLight ref={light} intensity={intensity} />
    </>
  );
}

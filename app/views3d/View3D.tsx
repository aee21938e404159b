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
  handle: Ref<RigHandle>;
}

function OrbitRig({ target, home, saved, minDistance, maxDistance, onSave, onMove, handle }: RigProps) {
  const camera = useThree((s) => s.camera);
  const domElement = useThree((s) => s.gl.domElement);
  const invalidate = useThree((s) => s.invalidate);
  const controlsRef = useRef<OrbitControls | null>(null);
  const saveRef = useRef({ onSave, onMove });
  useEffect(() => {
    saveRef.current = { onSave, onMove };
  }, [onSave, onMove]);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const userMoved = useRef(false);

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
      }, SAVE_DELAY);
    };
    const onStart = () => {
      userMoved.current = true;
    };
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
  }, [camera, domElement, invalidate]);

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
        const controls = controlsRef.current;
        if (!controls) return;
        userMoved.current = true;
        if (left) controls.rotateLeft(left);
        if (up) controls.rotateUp(up);
        invalidate();
      },
      zoom(factor) {
        const controls = controlsRef.current;
        if (!controls) return;
        userMoved.current = true;
        // OrbitControls' naming: dollyIn(s) multiplies the distance by s, dollyOut(s) divides it
        if (factor > 1) controls.dollyIn(factor);
        else controls.dollyOut(1 / factor);
        invalidate();
      },
      reset() {
        const controls = controlsRef.current;
        if (!controls) return;
        userMoved.current = true;
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

  // Damping: keep rendering while the camera is still gliding.
  useFrame(() => {
    controlsRef.current?.update();
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

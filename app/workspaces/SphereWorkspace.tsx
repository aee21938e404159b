import { Canvas } from '@react-three/fiber';
import { useMemo } from 'react';
import * as THREE from 'three';
import { sphereData } from '../../src/data/sphereData';
import { sphere } from '../../src/geometry/sphere';
import { fitGeodesicRegression } from '../../src/regression';
import { useLab } from '../store';

const M = sphere();

/** Points of the geodesic x ↦ Exp(p, x v) for x ∈ [0, 1], lifted slightly off the sphere. */
function geodesicPoints(p: Float64Array, v: Float64Array, segments = 64): THREE.Vector3[] {
  return Array.from({ length: segments + 1 }, (_, i) => {
    const q = M.exp(
      p,
      v.map((t) => (t * i) / segments),
    );
    return new THREE.Vector3(q[0], q[1], q[2]).multiplyScalar(1.003);
  });
}

function Scene({ ys, fitCurve }: { ys: Float64Array[]; fitCurve: THREE.Vector3[] }) {
  const line = useMemo(() => new THREE.BufferGeometry().setFromPoints(fitCurve), [fitCurve]);
  return (
    <>
      <ambientLight intensity={0.6} />
      <directionalLight position={[3, 3, 5]} intensity={1.2} />
      <mesh>
        <sphereGeometry args={[1, 64, 48]} />
        <meshStandardMaterial color="#d9e4ef" roughness={0.8} />
      </mesh>
      {ys.map((y, i) => (
        <mesh key={i} position={[y[0] * 1.01, y[1] * 1.01, y[2] * 1.01]}>
          <sphereGeometry args={[0.018, 12, 8]} />
          <meshStandardMaterial color="#0072B2" />
        </mesh>
      ))}
      <primitive
        object={new THREE.Line(line, new THREE.LineBasicMaterial({ color: '#D55E00', linewidth: 3 }))}
      />
    </>
  );
}

export function SphereWorkspace() {
  const n = useLab((s) => s.settings.n);
  const seed = useLab((s) => s.settings.seed);
  const { data, fit, curve } = useMemo(() => {
    const data = sphereData({ n, noiseVariance: 0.01, seed });
    const fit = fitGeodesicRegression(M, data.xs, data.ys);
    return { data, fit, curve: geodesicPoints(fit.p, fit.v) };
  }, [n, seed]);
  return (
    <section className="panel workspace-sphere">
      <h2>Geodesic regression on the sphere</h2>
      <p>
        {data.description} The orange curve is the non-private geodesic fit (energy{' '}
        {fit.energy.toExponential(3)}).
      </p>
      <div className="canvas-frame" data-testid="sphere-canvas">
        <Canvas camera={{ position: [0, 0, 3.2], fov: 45 }} gl={{ preserveDrawingBuffer: true }}>
          <Scene ys={data.ys} fitCurve={curve} />
        </Canvas>
      </div>
    </section>
  );
}

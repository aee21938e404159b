import * as THREE from 'three';
import { describe, expect, it } from 'vitest';
import { BALL_MARGIN, ballLambert, ballSquare, patchBallShaders } from './materials';

describe('ballLambert', () => {
  it("patches three's own Lambert shaders at every anchor", () => {
    const shader = {
      vertexShader: THREE.ShaderLib.lambert.vertexShader,
      fragmentShader: THREE.ShaderLib.lambert.fragmentShader,
    };
    patchBallShaders(shader);
    // the square is centred on the ball and faces the camera; the pixel takes the ball's depth
    expect(shader.vertexShader).toContain('mvPosition.xy += position.xy');
    expect(shader.vertexShader).not.toContain('#include <project_vertex>');
    expect(shader.fragmentShader).toContain('gl_FragDepth');
    expect(shader.fragmentShader).toContain('normal = ( hit - vBallCentre ) / vBallRadius');
  });

  it('says which anchor a changed shader lacks', () => {
    const shader = { vertexShader: 'void main() {}', fragmentShader: 'void main() {}' };
    expect(() => patchBallShaders(shader)).toThrow(/#include <common>/);
  });

  it('is one shared material per style, with its own shader program', () => {
    const a = ballLambert('#123456');
    expect(ballLambert('#123456')).toBe(a);
    expect(ballLambert('#123456', 0.5)).not.toBe(a);
    expect(a.customProgramCacheKey()).not.toBe(new THREE.MeshLambertMaterial().customProgramCacheKey());
  });

  it('draws a ball of radius r on a square the vertex shader reads r from', () => {
    const g = ballSquare(0.2);
    const x = g.getAttribute('position').getX(0);
    expect(Math.abs(x) / BALL_MARGIN).toBeCloseTo(0.2, 12);
  });
});

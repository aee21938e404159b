/**
 * Error boundaries: a part of the page that throws while rendering (a view, a plot, the controls) shows what
 * failed in its own place, and the rest of the lab keeps working. It offers to try again and to go back to the
 * last good state: the settings and imported data of the last time every part of the page rendered (a bad
 * file that the view cannot draw is undone that way). The error is reported in the console once, here.
 */
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { clearRenderFault, useRenderFault } from './compute/faults';
import { useLab, type LabState } from './store';

type Good = Pick<LabState, 'settings' | 'imported'>;

/** The last state in which no boundary was showing an error (updated a frame after each store change). */
let lastGood: Good = snapshot();
const failing = new Set<string>();
let pending = false;

function snapshot(): Good {
  const { settings, imported } = useLab.getState();
  return { settings, imported };
}

useLab.subscribe(() => {
  if (pending) return;
  pending = true;
  // after React has rendered this change (store updates render before the next frame)
  requestAnimationFrame(() => {
    pending = false;
    if (failing.size === 0) lastGood = snapshot();
  });
});

/** Throws while a test has armed a render fault for this boundary (`?faults=1`; see compute/faults.ts). */
function FaultPoint({ name }: { name: string }) {
  if (useRenderFault(name)) throw new Error(`injected render fault in ${name}`);
  return null;
}

interface Props {
  /** What the part is, for people ("the sphere view"); also its data-boundary attribute. */
  name: string;
  children: ReactNode;
}

export class ErrorBoundary extends Component<Props, { error: Error | null }> {
  state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    failing.add(this.props.name);
    console.error(
      `DP Manifold Lab: ${this.props.name} failed to render: ${error.message}`,
      info.componentStack,
    );
  }

  componentWillUnmount() {
    failing.delete(this.props.name);
  }

  private retry = () => {
    failing.delete(this.props.name);
    clearRenderFault(this.props.name);
    this.setState({ error: null });
  };

  private goBack = () => {
    useLab.setState(lastGood);
    this.retry();
  };

  render() {
    const { name, children } = this.props;
    const { error } = this.state;
    if (!error)
      return (
        <div className="boundary" data-boundary={name}>
          <FaultPoint name={name} />
          {children}
        </div>
      );
    return (
      <div className="boundary boundary-failed" data-boundary={name} role="alert">
        <p>
          <strong>Something went wrong in {name}:</strong> {error.message}
        </p>
        <p>The rest of the lab still works.</p>
        <div className="boundary-actions">
          <button type="button" onClick={this.goBack}>
            Go back to the last good data and settings
          </button>
          <button type="button" onClick={this.retry}>
            Try again
          </button>
        </div>
      </div>
    );
  }
}

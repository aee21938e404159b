import { TopicLink } from './Explain';
import './help.css';

/**
 * "What happens to the data you load?": where the data go (nowhere), what the browser keeps, and what the
 * lab's own outputs reveal — shown beside the import control, as a disclosure like the other explanations.
 */
export function DataPrivacyNote() {
  return (
    <details className="explain data-privacy" data-topic="yourData">
      <summary>What happens to the data you load?</summary>
      <div className="explain-body">
        <ul>
          <li>
            <strong>Nothing is uploaded.</strong> The file is read, checked and analysed in this browser tab
            (in Web Workers); the page makes no network request after it has loaded.
          </li>
          <li>
            <strong>This browser keeps your last session</strong> (settings and the data you loaded, in its
            local storage) so that a reload restores it. “Start fresh” at the top deletes it. Exports are
            files you save yourself.
          </li>
          <li>
            <strong>The non-private fit and exported data are not private</strong>: they are computed from
            your data as they are.
          </li>
          <li>
            <strong>A data-driven τ leaks.</strong> With the paper’s choice, τ is the largest residual of your
            data and it sets the noise, so the spread of the “private” fits reveals how far your most unusual
            point lies from the fit: such releases are labelled <em>not private</em>. For a guarantee choose a
            public τ and the strict σ = 2Δ/ε (<TopicLink topic="tau" />
            ).
          </li>
          <li>
            The guarantees are for exact draws; the lab draws with Markov chains whose distance from the exact
            law (the sampler’s δ) is not certified.
          </li>
        </ul>
      </div>
    </details>
  );
}

/**
 * A short-lived worker that builds an advice's privacy statement (advicePrivacy.ts: the CLI's function, with the
 * fit it needs). On the page those modules would land on the first view — they are reachable from it, so the
 * bundler puts their code in chunks it loads at start — while this worker is a bundle of its own, fetched only
 * when an advice is shown.
 */
import type { AdviceStatementReply, AdviceStatementRequest } from './adviceExport';
import { advicePrivacyOf } from './advicePrivacy';

const scope = self as unknown as DedicatedWorkerGlobalScope;

scope.onmessage = (event: MessageEvent<AdviceStatementRequest>) => {
  const { spec, advice, xRange } = event.data;
  let reply: AdviceStatementReply;
  try {
    reply = { privacy: advicePrivacyOf(spec, advice, xRange) };
  } catch (e) {
    reply = { error: e instanceof Error ? e.message : String(e) };
  }
  scope.postMessage(reply);
};

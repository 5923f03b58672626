// Every sentence the app says about a failed request, in one place. Each says what happened and what
// helps: changing something (a 4xx), or waiting (no answer, a 5xx, a 429: too many requests), never
// the other way round; and none promises what trying again cannot deliver.
import { isApiError, type ApiErrorKind } from '../api/api-error.ts';
import type { ServiceLimits } from '../config/config.ts';
import { bytes } from './words.ts';

const sentence = (text: string) => text.replace(/\.?$/, '.');

/** The two services an environment has: the pet store, and the store's messages. */
export type ServiceName = 'pet store service' | 'message service';

/** The page's own CSP does not name the service: a deployment's setup, which waiting will not change. */
const blockedByPage = (service: string) =>
  `This page's setup does not let it reach ${service}: the Content-Security-Policy it is served with must name the service's address. Waiting will not help: tell whoever deployed the app.`;

/**
 * What happened, and, when changing something helps, what to change. A limit is named only when the
 * environment declares it (`limits` in config.json); otherwise the service's own words speak.
 * `service` names the one that was asked.
 */
export function describeError(
  error: unknown,
  limits: ServiceLimits = {},
  service: ServiceName = 'pet store service',
): string {
  if (!isApiError(error)) return 'Something went wrong in the app.';
  switch (error.kind) {
    case 'network':
      return `The ${service} can't be reached.`;
    case 'offline':
      return `You are offline: nothing was sent to the ${service}.`;
    case 'timeout':
      return `The ${service} did not answer in time.`;
    case 'invalid-response':
      return `The ${service} sent an answer this app cannot read.`;
    case 'blocked':
      return blockedByPage(`the ${service}`);
  }
  if (error.status >= 500) return `The ${service} failed (HTTP ${error.status}).`;
  // Waiting helps, as after a 5xx: what to do next is the screen's to say (`describeRecovery`).
  if (error.status === 429)
    return error.fromService ? sentence(error.message) : `The ${service} is turning requests away for now (HTTP 429).`;
  const said = error.fromService ? sentence(error.message) : `The service refused it (HTTP ${error.status}).`;
  if (error.status === 413) {
    const max = limits.requestBodyMaxBytes;
    const why = max
      ? `The service takes at most ${bytes(max)} in one request.`
      : error.fromService
        ? said
        : 'The service refused it as too large (HTTP 413).';
    return `${why} Shorten the text and send it again.`;
  }
  if (error.status === 401) return `${said} Sign in again to carry on.`;
  if ([400, 409, 422].includes(error.status)) return `${said} Change what it names and send it again.`;
  return said;
}

/**
 * What a screen says once a read has taken a few seconds: still waiting, or, while its quick tries
 * of a failure that waiting can fix are under way, that failure and that it is being tried again.
 */
export function describeWait(reason: unknown, service: ServiceName = 'pet store service'): string {
  if (isApiError(reason) && reason.isTransient) return `${describeError(reason, {}, service)} Trying again…`;
  return `Still waiting for the ${service}…`;
}

/**
 * A later page of a list refused (a 4xx other than the key's or the rate's): the link to it, which
 * the service gave with an earlier page, no longer works, as such links can expire. Undefined for any
 * other failure.
 */
export function describeRefusedPageLink(error: unknown): string | undefined {
  if (!isApiError(error) || error.kind !== 'http' || error.status < 400 || error.status >= 500) return undefined;
  if ([401, 403, 408, 429].includes(error.status)) return undefined;
  // Not the service's own words: they are about the link's making (a cursor, say), which the person
  // can neither read nor change. Starting again from the first page is all there is to do.
  return `The service no longer takes the link to this page (HTTP ${error.status}): such links can expire.`;
}

/**
 * Whether sending the same request again can help: no answer, not sent while offline, a 5xx, a 429,
 * or an answer garbled on the way.
 */
export const canRetry = (error: unknown) =>
  isApiError(error) && (error.isTransient || error.kind === 'invalid-response');

/**
 * What happens next, when trying again can help. A read tries again by itself when waiting helps. A
 * write waits for the person: when its answer was lost or cannot be read it may have been carried
 * out, so sending it again is safe only where the service makes a second try harmless (`idempotent`).
 */
export function describeRecovery(
  error: unknown,
  kind: 'read' | 'write',
  { idempotent = false }: { idempotent?: boolean } = {},
): string | undefined {
  if (!canRetry(error) || !isApiError(error)) return undefined;
  const garbled = error.kind === 'invalid-response';
  if (kind === 'read') {
    return garbled
      ? 'Try again; if it keeps happening, tell whoever runs the service.'
      : 'The app keeps trying again by itself.';
  }
  if (error.kind === 'offline') return 'Nothing you typed is lost. Send it again once you are back online.';
  if (!error.mayHaveBeenDone) return 'Nothing you typed is lost. Try again in a moment.';
  const tell = garbled ? ' If this keeps happening, tell whoever runs the service.' : '';
  return idempotent
    ? `Nothing you typed is lost. Try again: a second try never adds it twice.${tell}`
    : `Nothing you typed is lost. It ${garbled ? 'most likely' : 'may have'} arrived all the same: sending it again could send it twice.${tell}`;
}

export interface LostCreateWords {
  what: string;
  next: string;
  /** Not an outage: sending again will fail the same way until the service's setup changes. */
  refusedBySetup: boolean;
  /** It may be in the list already, and only a look there can tell: the notice offers one. */
  lookFor: boolean;
}

/**
 * What to say of creates whose answer was lost. Several in a row, with reads from the same service
 * answered between them, is no outage: something in the service's setup is refusing this request
 * (a header its CORS configuration does not allow, say), and waiting will not change that.
 */
export function describeLostCreate({
  lostBy,
  inARow,
  readsAnswer,
  idempotent,
  environmentName,
}: {
  /**
   * How the answer was lost: no answer at all (`network`), none in time (`timeout`), a 502 or 504, or
   * one that does not fit the contract (`invalid-response`).
   */
  lostBy: ApiErrorKind;
  inARow: number;
  readsAnswer: boolean;
  idempotent: boolean;
  environmentName: string;
}): LostCreateWords {
  if (lostBy === 'network' && inARow >= 2 && readsAnswer) {
    return {
      refusedBySetup: true,
      lookFor: false,
      what: `The request to add the pet could not be sent: ${environmentName} answers when the list is read, but gave no answer to this request ${inARow} times in a row.`,
      next: "Waiting will not help: the service's setup is probably refusing this request (its CORS configuration, for example, must allow every header the app sends). Tell whoever runs the service. Nothing you typed is lost.",
    };
  }
  if (lostBy === 'invalid-response') {
    // A 2xx: the service most likely added the pet. Sent again, even harmlessly, the answer would
    // most likely come back the same: the list is where to find out.
    return {
      refusedBySetup: false,
      lookFor: true,
      what: `${environmentName} answered as if the pet was added, but this app cannot read its answer.`,
      next: `Look for it before sending it again${idempotent ? '' : ': sending it again could add it twice'}. Nothing you typed is lost. If this keeps happening, tell whoever runs the service.`,
    };
  }
  const what =
    lostBy === 'timeout' ? `${environmentName} did not answer in time` : `No answer came back from ${environmentName}`;
  return idempotent
    ? {
        refusedBySetup: false,
        lookFor: false,
        what: `${what}.`,
        next: 'Nothing you typed is lost. Try again: a second try never adds the pet twice.',
      }
    : {
        refusedBySetup: false,
        lookFor: true,
        what: `${what}, so the pet may or may not have been added.`,
        next: 'Look for it before sending it again: sending it again could add it twice. Nothing you typed is lost.',
      };
}

/**
 * A pet sent without an idempotency key before this page loaded (a reload while it was on its way),
 * whose answer was never read here.
 */
export const describeUnreadCreate = (environmentName: string): LostCreateWords => ({
  refusedBySetup: false,
  lookFor: true,
  what: `This pet was sent to ${environmentName}, and no answer was read here: it may or may not have been added.`,
  next: 'Look for it before sending it again: sending it again could add it twice. Nothing you typed is lost.',
});

/** Whether checking a key failed because the service refused it, not because it could not check it. */
export const isKeyRefused = (error: unknown) => isApiError(error) && error.status === 401;

/** Why checking a key failed: a refused key is told apart from a service that is down. */
export function describeSignInFailure(error: unknown, environmentName: string): string {
  if (isKeyRefused(error)) {
    return `This API key was not accepted by ${environmentName}. Check it and type it again.`;
  }
  // The service was never asked: its setup, which "can't be reached" hints at below, is not the cause.
  if (isApiError(error) && error.kind === 'offline') {
    return `This device is offline, so ${environmentName} could not check the key. Try again once it is back online.`;
  }
  // Plain HTTP, not an answer to puzzle over: the service turns sign-ins away after too many tries.
  if (isApiError(error) && error.status === 429) {
    return `${environmentName} is not checking keys for now: too many tries. Wait a minute, then try again.`;
  }
  if (isApiError(error) && error.isTransient) {
    // An answer it gave (a 503) is said as such: "can't be reached" would send people to the network.
    const what =
      error.kind === 'http'
        ? `${environmentName} failed (HTTP ${error.status})`
        : `${environmentName} can't be reached right now`;
    // A service whose CORS leaves this page's origin out fails as no answer does: a browser tells
    // the page nothing more. A first deployment's likeliest mistake, which waiting never mends.
    const setup =
      error.kind === 'network'
        ? ` If it goes on while other sites work, the service may not allow this page's address (${location.origin}) in its CORS setup: tell whoever runs it.`
        : '';
    return `${what}, so the key could not be checked. Wait a moment and try again.${setup}`;
  }
  if (isApiError(error) && error.kind === 'blocked') return blockedByPage(environmentName);
  return `${environmentName} answered in a way this app does not understand: ${describeError(error)}`;
}

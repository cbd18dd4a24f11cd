// A handler's refusal, said where in the seed it happened: the seed applies its entries through the same handlers
// as the activities, so an entry is refused exactly like the activity would be.
import { isServiceError } from '../errors';
import { SeedError } from './schema';

/**
 * Runs `fn` and rethrows a handler's refusal (the service's own rule and message) as a SeedError naming `path`, the
 * entry's place in the seed. Handlers that take a field name are given the seed path, so their message starts with it.
 */
export function at<T>(path: string, fn: () => T): T {
  try {
    return fn();
  } catch (e) {
    if (!isServiceError(e)) throw e;
    const message = e.message.replace(/^invalid request body: /, '');
    if (message.startsWith(path)) throw new SeedError(message);
    if (message.startsWith('parameters.')) throw new SeedError(`${path}${message.slice('parameters'.length)}`);
    throw new SeedError(`${path}: ${message}`);
  }
}

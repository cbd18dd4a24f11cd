'use strict';
// Load generation with autocannon, bounded in time. autocannon's own histogram has 1 ms resolution, too
// coarse for loopback, so latencies are taken from its per-response event (hrtime, fractional ms).
const autocannon = require('autocannon');
const { percentile } = require('./measure');

/**
 * Runs `connections` keep-alive connections against `baseUrl + path` for `durationMs`. `next()` gives
 * each request's `{body, headers}`; pass `fixed` instead when every request is the same bytes.
 * Resolves to `{rps, p50, p99, ok, non2xx, errors, seconds}` (latencies of 2xx answers, in ms).
 */
function runLoad({ baseUrl, path, connections, durationMs, next, fixed }) {
  const request = fixed
    ? { method: 'POST', path, headers: fixed.headers, body: fixed.body }
    : {
        method: 'POST',
        path,
        setupRequest: (req) => {
          const { body, headers } = next();
          return { ...req, body, headers };
        },
      };
  const latencies = [];
  let ok = 0;
  let non2xx = 0;
  let firstFailure;
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      { url: baseUrl, connections, pipelining: 1, duration: durationMs / 1000, requests: [request], timeout: 30 },
      (error, result) => {
        if (error) return reject(error);
        latencies.sort((a, b) => a - b);
        return resolve({
          rps: ok / result.duration,
          p50: percentile(latencies, 50),
          p99: percentile(latencies, 99),
          ok,
          non2xx,
          errors: result.errors + result.timeouts,
          seconds: result.duration,
          firstFailure,
        });
      },
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      if (statusCode >= 200 && statusCode < 300) {
        ok += 1;
        latencies.push(responseTime);
      } else {
        non2xx += 1;
        firstFailure ??= `HTTP ${statusCode}`;
      }
    });
    instance.on('reqError', (error) => {
      firstFailure ??= error.message;
    });
  });
}

module.exports = { runLoad };

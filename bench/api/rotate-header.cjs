'use strict';

/**
 * autocannon's setupRequest for bench:api. autocannon loads it by path in its
 * worker thread, so it is plain CommonJS and gets its data on the request:
 * `rotate: { header, values, once }`. Each request the worker builds takes the
 * next value for `header`, whichever connection sends it, so consecutive
 * requests come from different users. With `once`, no value is sent twice
 * (each token's first and only request); without it the values go round.
 * One counter per worker, and autocannon starts a new worker for every run.
 */
let next = 0;

module.exports = function rotateHeader(request) {
  const { header, values, once } = request.rotate;
  if (next === values.length) {
    if (once) throw new Error(`rotate-header: all ${values.length} values were sent once`);
    next = 0;
  }
  const value = values[next];
  next += 1;
  return { ...request, headers: { ...request.headers, [header]: value } };
};

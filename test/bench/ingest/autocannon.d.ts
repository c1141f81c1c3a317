// autocannon ships no types; the benchmark uses its options object and the result's latency and request counts.
declare module 'autocannon';

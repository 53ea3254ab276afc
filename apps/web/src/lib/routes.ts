// The route table is shared with the server, which answers an address that names no view with a
// 404 (ADR 0036): the web app reads it from here, as it always has.
export * from '@trailbuddy/shared/contracts/app-routes';

/** Imports esbuild resolves for the bundle (api/dashboard/bundle.ts): stylesheets and the country outline. */
declare module '*.css';
declare module '*.geojson' {
  const outline: import('geojson').FeatureCollection & { attribution: string; bbox: number[] };
  export default outline;
}

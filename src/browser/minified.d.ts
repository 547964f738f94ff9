/** A script minified at build time, as a string (src/integrations/minified-scripts.ts). */
declare module '*?minified' {
  const code: string;
  export default code;
}

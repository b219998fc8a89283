/** npm's vnu-jar ships no types: its main module exports the path of the Nu validator's jar. */
declare module 'vnu-jar' {
  const jarPath: string;
  export default jarPath;
}

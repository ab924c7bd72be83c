declare module 'vnu-jar' {
  /** Absolute path of vnu.jar. */
  const jarPath: string;
  export default jarPath;
}

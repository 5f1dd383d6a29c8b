/** Types of shipped-size.mjs (read by the bench). */
export interface ShippedFiles {
  files: string[];
  minified: number;
  gzip: number;
}
export declare function measureShipped(): Promise<{ firstLoad: ShippedFiles; firstSurface: ShippedFiles; firstDraftSurface: ShippedFiles; onFirstUse: ShippedFiles }>;

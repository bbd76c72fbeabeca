// The routes the bundle benchmarks measure, and which chunks of a build (its .vite/manifest.json) a route loads first.

/** One chunk of Vite's build manifest (the fields we read). */
export interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  src?: string;
}

export type Manifest = Record<string, ManifestChunk>;

/**
 * A route and the lazy screens it opens. Each screen lists source files to try in order: the first one in the build
 * counts, so a screen can be renamed without breaking the bench.
 */
export interface BundleRoute {
  name: string;
  screens: string[][];
  /** The first-load budget, KiB gzip (issue #26), if the route has one. */
  budgetKiB?: number;
}

export const BUNDLE_ROUTES: BundleRoute[] = [
  // The onboarding route's gate reads the merchant record (the terms check) before the page shows: its chunk counts.
  { name: '/app/onboarding (stepper)', screens: [['src/app/MerchantGate.tsx'], ['src/features/onboarding/OnboardingPage.tsx']], budgetKiB: 150 },
  {
    name: '/app/onboarding with the PAN step open',
    screens: [
      ['src/app/MerchantGate.tsx'],
      ['src/features/onboarding/OnboardingPage.tsx'],
      ['src/features/onboarding/StepScreen.tsx'],
      // Loaded beside the screen: the step's own precompiled validators (src/features/onboarding/stepScreens.ts).
      ['virtual:precompiled-validators/step/pan-details'],
    ],
    budgetKiB: 220,
  },
  { name: '/app/account', screens: [['src/features/account/SignInPage.tsx']] },
];

/** The manifest keys (source files) of the chunks `route` loads first: the entry, its screens and their static imports; or the screens missing from the build. */
export function firstLoadChunks(manifest: Manifest, route: BundleRoute): { chunks: Set<string> } | { missing: string[][] } {
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entry) throw new Error('no entry in the build manifest: run vite build');
  const missing = route.screens.filter((candidates) => !candidates.some((key) => manifest[key]));
  if (missing.length > 0) return { missing };
  const screens = route.screens.map((candidates) => candidates.find((key) => manifest[key])!);
  const chunks = new Set<string>();
  const visit = (key: string) => {
    if (chunks.has(key)) return;
    chunks.add(key);
    for (const imported of manifest[key]?.imports ?? []) visit(imported);
  };
  for (const key of [entry, ...screens]) visit(key);
  return { chunks };
}

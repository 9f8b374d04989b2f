/**
 * `node dist/api/dashboard/build.js` (the last step of `npm run build`): writes the dashboard's browser
 * bundle beside the compiled plugin, so the built service serves it without bundling at run time.
 */
import { writeDashboardBundle } from './bundle.js';

const { dir, bytes } = await writeDashboardBundle();
console.log(`dashboard bundle: ${Math.round(bytes / 1024)} KiB in ${dir}`);

import { runService } from '@finance/platform';
import { ensureWebBuilt } from './build-web';
import { consoleService } from './service';

// pnpm start on a fresh clone: build the browser application first when dist/ is missing or stale.
ensureWebBuilt(console.log);
void runService(consoleService);

import { runService } from '@finance/platform';
import { snapshotService } from './service';

void runService(snapshotService);

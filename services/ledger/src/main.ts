import { runService } from '@finance/platform';
import { ledgerService } from './service';

void runService(ledgerService);

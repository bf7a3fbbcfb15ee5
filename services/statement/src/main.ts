import { runService } from '@finance/platform';
import { statementService } from './service';

void runService(statementService);

import { sweepEveryScreen } from './support/sweep';

// Every screen of every role on a desktop: axe-core and no English on a Spanish screen.
sweepEveryScreen('desktop');

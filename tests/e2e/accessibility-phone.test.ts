import { sweepEveryScreen } from './support/sweep';

// Every screen of every role on a 375 px phone: axe-core and no English on a Spanish screen.
sweepEveryScreen('phone');

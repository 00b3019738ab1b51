import { describeWith, componentUrl } from '../../../scripts/testing/components';
import { createKafkaBus } from './kafka.adapter';
import { describeBusContract } from './testing/bus.contract';

describeWith('kafka', 'kafka bus', () => {
  const brokers = () => componentUrl('kafka')!.split(',');
  describeBusContract('kafka', () => createKafkaBus({ brokers: brokers(), clientId: 'planwerk-bus-contract' }));
});

// /activity/red_packet/:packetId/detail (public): the packet with its latest receivers.
import { useParams } from 'react-router';
import { RedPacketView } from '../components/RedPacketView';

export default function RedPacketDetailPage() {
  const { packetId = '' } = useParams();
  return <RedPacketView id={packetId} detail />;
}

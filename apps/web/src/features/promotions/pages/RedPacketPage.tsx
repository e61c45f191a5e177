// /activity/red_packet/:packetId (public): the packet, receiving it, its share link and QR code.
import { useParams } from 'react-router';
import { RedPacketView } from '../components/RedPacketView';

export default function RedPacketPage() {
  const { packetId = '' } = useParams();
  return <RedPacketView id={packetId} detail={false} />;
}

export default function TenderViewPage() {
  return null;
}

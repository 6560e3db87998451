export default function TenderHistoryPage() {
  return null;
}

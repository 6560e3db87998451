export default function TenderListPage() {
  return null;
}

export default function TenderExportPage() {
  return null;
}

export default function TenderFormPage() {
  return null;
}

export default function WarehouseFormPage() {
  return null;
}

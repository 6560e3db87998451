export default function WarehouseListPage() {
  return null;
}

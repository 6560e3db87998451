export default function GroupListPage() {
  return null;
}

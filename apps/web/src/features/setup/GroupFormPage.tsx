export default function GroupFormPage() {
  return null;
}

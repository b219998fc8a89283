export default function UserCenterPage() {
  return <h1>User centre</h1>;
}

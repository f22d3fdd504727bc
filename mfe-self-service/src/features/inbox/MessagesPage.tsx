// Being built (issue 3): replaced by the real screen.
export function MessagesPage() {
  return null;
}

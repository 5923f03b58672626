export function ConfigErrorPage({ message }: { message: string }) {
  return (
    <main className="full-page-message">
      <h1>Petstore Admin cannot start</h1>
      <p role="alert">{message}</p>
      <p>
        Whoever deployed this app needs to place a valid <code>config.json</code> beside its <code>index.html</code>,
        listing at least one environment with a <code>name</code>, an <code>apiBaseUrl</code> and a{' '}
        <code>messagesBaseUrl</code>. Then reload this page.
      </p>
    </main>
  );
}

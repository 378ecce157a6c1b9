export function SiteFooter({ productName }: { productName: string }) {
  return (
    <footer className="site-footer">
      <div className="container site-footer-inner">
        <p className="site-footer-brand">{productName}</p>
        <p className="site-footer-copy">© 2024 All rights reserved</p>
      </div>
    </footer>
  );
}

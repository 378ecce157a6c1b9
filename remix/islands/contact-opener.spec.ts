import { CONTACT_OPENER_ATTRIBUTE, enhanceContactOpeners } from './contact-opener';

function page() {
  document.body.innerHTML = `<header><a class="btn btn-cta hero-cta" href="/?contact=1#contact" ${CONTACT_OPENER_ATTRIBUTE}>Contact Us</a></header>`;
}

describe('enhanceContactOpeners', () => {
  it('turns the link into a button that looks the same and opens the modal, loaded once', async () => {
    page();
    const openContact = jest.fn();
    const loadModal = jest.fn(() => Promise.resolve({ openContact }));
    enhanceContactOpeners(document, loadModal);

    expect(document.querySelector('a')).toBeNull();
    const button = document.querySelector('button')!;
    expect(button).toHaveAttribute('type', 'button');
    expect(button).toHaveClass('btn', 'btn-cta', 'hero-cta');
    expect(button).toHaveTextContent('Contact Us');
    expect(loadModal).not.toHaveBeenCalled(); // nothing is fetched before the click

    button.click();
    await Promise.resolve();
    expect(openContact).toHaveBeenCalledTimes(1);
    button.click();
    await Promise.resolve();
    expect(openContact).toHaveBeenCalledTimes(2);
  });

  it("sends the visitor to the inline form when the modal's code cannot be loaded", async () => {
    page();
    const assign = jest.fn();
    const location = window.location;
    Object.defineProperty(window, 'location', { value: { assign }, configurable: true });
    try {
      enhanceContactOpeners(document, () => Promise.reject(new Error('offline')));
      document.querySelector('button')!.click();
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(assign).toHaveBeenCalledWith('http://localhost/?contact=1#contact');
    } finally {
      Object.defineProperty(window, 'location', { value: location, configurable: true });
    }
  });
});

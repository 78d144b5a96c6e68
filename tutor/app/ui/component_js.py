"""JavaScript that the app's custom components (the play table, the card picker) share."""

HELPERS = """
function el(tag, cls, text) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== undefined) node.textContent = text;
  return node;
}

function rootOf(parentElement, cls) {
  // The component's own element: made on the first mount, found again on each later one.
  let root = parentElement.querySelector('.' + cls);
  if (!root) {
    root = el('div', cls);
    parentElement.appendChild(root);
  }
  return root;
}
"""
"""``el(tag, cls, text)`` makes an element (text set as text, never as HTML); ``rootOf(parent, cls)``
finds or makes the component's root under the element Streamlit gives it."""

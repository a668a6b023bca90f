// exceljs 4.4 writes a cell style's number format, font, fill, border, alignment and protection, but not Excel's
// `quotePrefix`: the flag Excel itself sets on a cell typed as '=1+1, which shows the text as is and keeps it text
// when someone edits the cell and presses Enter (without it, an edited "=HYPERLINK(...)" becomes a live formula).
// This adds it: a style with `quotePrefix: true` is written as <xf ... quotePrefix="1">. Styles without the flag
// are written exactly as before. tests/api/exportFormulas.test.ts reads the flag back from the file, so an exceljs
// upgrade that changes these internals fails there rather than silently.
import { createRequire } from 'node:module';

type XmlStream = { openNode(name: string, attributes?: Record<string, unknown>): void };
type StyleModel = { quotePrefix?: boolean } | undefined;
type StyleXform = { render(xmlStream: XmlStream, model: StyleModel): void };
type StylesXform = { addStyleModel(model: StyleModel, cellType?: number): number; _addStyle(style: Record<string, unknown>): number };

const require = createRequire(import.meta.url);
const StyleXformClass = require('exceljs/lib/xlsx/xform/style/style-xform.js') as { prototype: StyleXform & { __quotePrefix?: true } };
const StylesXformClass = require('exceljs/lib/xlsx/xform/style/styles-xform.js') as { prototype: StylesXform };

export function supportQuotePrefix(): void {
  const styleProto = StyleXformClass.prototype;
  if (styleProto.__quotePrefix) return;
  styleProto.__quotePrefix = true;

  const render = styleProto.render;
  styleProto.render = function renderWithQuotePrefix(xmlStream, model) {
    if (!model?.quotePrefix) return render.call(this, xmlStream, model);
    // The first node render opens is the <xf> itself: give it the attribute there, then step aside.
    const own = Object.hasOwn(xmlStream, 'openNode');
    const openNode = xmlStream.openNode;
    xmlStream.openNode = function openXf(name, attributes) {
      restore();
      openNode.call(this, name, { ...attributes, quotePrefix: '1' });
    };
    const restore = () => {
      if (own) xmlStream.openNode = openNode;
      else delete (xmlStream as Partial<XmlStream>).openNode;
    };
    try {
      return render.call(this, xmlStream, model);
    } finally {
      restore();
    }
  };

  const stylesProto = StylesXformClass.prototype;
  const addStyleModel = stylesProto.addStyleModel;
  stylesProto.addStyleModel = function addStyleModelWithQuotePrefix(model, cellType) {
    if (!model?.quotePrefix) return addStyleModel.call(this, model, cellType);
    // addStyleModel builds the <xf> model from known fields only; carry the flag into the one it registers.
    const addStyle = this._addStyle;
    this._addStyle = (style) => addStyle.call(this, { ...style, quotePrefix: true });
    try {
      return addStyleModel.call(this, model, cellType);
    } finally {
      this._addStyle = addStyle;
    }
  };
}

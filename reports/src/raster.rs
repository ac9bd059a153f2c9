//! The PNG backend: plotters' bitmap backend with its text drawn here.
//!
//! plotters 0.3.7 rasterizes each glyph flush against the pen position, dropping the
//! glyph's left side bearing, so narrow letters (`i`, `l`, `t`) leave gaps after them
//! (“Xi angqi”). This backend places every glyph at its bearing, with the font's kerning,
//! and puts the baseline where SVG text has it (0.76 em under the top), so PNG and SVG
//! charts read alike. Everything else goes to the bitmap backend unchanged.

use ab_glyph::{point, Font, FontRef, ScaleFont};
use plotters::backend::BitMapBackend;
use plotters::style::text_anchor::{HPos, VPos};
use plotters_backend::{
    BackendColor, BackendCoord, BackendStyle, BackendTextStyle, DrawingBackend, DrawingErrorKind,
};

use crate::fonts::registered;

/// Where the baseline sits under the top of a line of text, in em (SVG's `dy="0.76em"`).
const BASELINE: f32 = 0.76;

/// A bitmap backend whose text is set with the glyphs' bearings (see the module docs).
pub(crate) struct PngBackend<'a> {
    inner: BitMapBackend<'a>,
}

impl<'a> PngBackend<'a> {
    pub(crate) fn new(inner: BitMapBackend<'a>) -> PngBackend<'a> {
        PngBackend { inner }
    }
}

type Fallible<E> = Result<(), DrawingErrorKind<E>>;

impl DrawingBackend for PngBackend<'_> {
    type ErrorType = <BitMapBackend<'static> as DrawingBackend>::ErrorType;

    fn get_size(&self) -> (u32, u32) {
        self.inner.get_size()
    }

    fn ensure_prepared(&mut self) -> Fallible<Self::ErrorType> {
        self.inner.ensure_prepared()
    }

    fn present(&mut self) -> Fallible<Self::ErrorType> {
        self.inner.present()
    }

    fn draw_pixel(
        &mut self,
        point: BackendCoord,
        color: BackendColor,
    ) -> Fallible<Self::ErrorType> {
        self.inner.draw_pixel(point, color)
    }

    fn draw_line<S: BackendStyle>(
        &mut self,
        from: BackendCoord,
        to: BackendCoord,
        style: &S,
    ) -> Fallible<Self::ErrorType> {
        self.inner.draw_line(from, to, style)
    }

    fn draw_rect<S: BackendStyle>(
        &mut self,
        upper_left: BackendCoord,
        bottom_right: BackendCoord,
        style: &S,
        fill: bool,
    ) -> Fallible<Self::ErrorType> {
        self.inner.draw_rect(upper_left, bottom_right, style, fill)
    }

    fn draw_path<S: BackendStyle, I: IntoIterator<Item = BackendCoord>>(
        &mut self,
        path: I,
        style: &S,
    ) -> Fallible<Self::ErrorType> {
        self.inner.draw_path(path, style)
    }

    fn draw_circle<S: BackendStyle>(
        &mut self,
        center: BackendCoord,
        radius: u32,
        style: &S,
        fill: bool,
    ) -> Fallible<Self::ErrorType> {
        self.inner.draw_circle(center, radius, style, fill)
    }

    fn fill_polygon<S: BackendStyle, I: IntoIterator<Item = BackendCoord>>(
        &mut self,
        vert: I,
        style: &S,
    ) -> Fallible<Self::ErrorType> {
        self.inner.fill_polygon(vert, style)
    }

    fn blit_bitmap(
        &mut self,
        pos: BackendCoord,
        size: (u32, u32),
        src: &[u8],
    ) -> Fallible<Self::ErrorType> {
        self.inner.blit_bitmap(pos, size, src)
    }

    fn draw_text<S: BackendTextStyle>(
        &mut self,
        text: &str,
        style: &S,
        pos: BackendCoord,
    ) -> Fallible<Self::ErrorType> {
        let family = style.family();
        let Some(font) = registered(family.as_str())
            .and_then(|r| FontRef::try_from_slice_and_index(r.bytes, r.face).ok())
        else {
            return self.inner.draw_text(text, style, pos);
        };
        let color = style.color();
        if color.alpha == 0.0 {
            return Ok(());
        }
        // The box plotters laid the text out in (its label areas are sized by it), so the
        // anchor means the same as in the SVG.
        let ((min_x, min_y), (max_x, max_y)) = style
            .layout_box(text)
            .map_err(|e| DrawingErrorKind::FontError(Box::new(e)))?;
        let (width, height) = (max_x - min_x, max_y - min_y);
        let dx = match style.anchor().h_pos {
            HPos::Left => 0,
            HPos::Right => -width,
            HPos::Center => -width / 2,
        };
        let dy = match style.anchor().v_pos {
            VPos::Top => 0,
            VPos::Center => -height / 2,
            VPos::Bottom => -height,
        };
        let trans = style.transform();
        let (w, h) = self.get_size();
        let scaled = font.as_scaled(style.size() as f32);
        let baseline = BASELINE * style.size() as f32;
        let mut caret = 0f32;
        let mut prev = None;
        for c in text.chars() {
            let id = scaled.glyph_id(c);
            if let Some(p) = prev {
                caret += scaled.kern(p, id);
            }
            prev = Some(id);
            let glyph = id.with_scale_and_position(scaled.scale(), point(caret, baseline));
            caret += scaled.h_advance(id);
            let Some(outline) = font.outline_glyph(glyph) else {
                continue;
            };
            let bounds = outline.px_bounds();
            let mut result = Ok(());
            outline.draw(|gx, gy, coverage| {
                if result.is_err() || coverage <= 0.0 {
                    return;
                }
                let x = bounds.min.x as i32 + gx as i32;
                let y = bounds.min.y as i32 + gy as i32;
                let (x, y) = trans.transform(x + dx, y + dy);
                let (x, y) = (pos.0 + x, pos.1 + y);
                if x >= 0 && x < w as i32 && y >= 0 && y < h as i32 {
                    let c = BackendColor {
                        alpha: color.alpha * f64::from(coverage.min(1.0)),
                        rgb: color.rgb,
                    };
                    result = self.inner.draw_pixel((x, y), c);
                }
            });
            result?;
        }
        Ok(())
    }
}

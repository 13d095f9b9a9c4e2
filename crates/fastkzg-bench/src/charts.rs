//! Charts with plotters, each written as PNG and SVG: horizontal bar
//! charts of times (log scale) and of speed-up ratios. Text needs a TrueType font ([`register_fonts`]: DejaVu
//! Sans or `$FASTKZG_BENCH_FONT`; Debian: `fonts-dejavu-core`); without
//! one, charts are skipped.

use std::error::Error;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use crate::measure::fmt_time;

/// The font family every chart uses.
const FONT: &str = "sans-serif";

type Res<T = ()> = Result<T, Box<dyn Error>>;
type Area<DB> = DrawingArea<DB, Shift>;

/// Registers a font for plotters (once); returns the font file used, or
/// `None` when no font was found (charts are then skipped).
pub fn register_fonts() -> Option<PathBuf> {
    static FONT_FILE: OnceLock<Option<PathBuf>> = OnceLock::new();
    let dirs =
        ["truetype/dejavu", "TTF", "dejavu"].map(|d| format!("/usr/share/fonts/{d}/DejaVuSans"));
    let env = std::env::var("FASTKZG_BENCH_FONT").map(|f| (f.clone(), f));
    let dirs = dirs.map(|d| (format!("{d}.ttf"), format!("{d}-Bold.ttf")));
    let mut candidates = env.into_iter().chain(dirs);
    let leak = |p: &str| Some(&*Box::leak(std::fs::read(p).ok()?.into_boxed_slice()));
    let found = FONT_FILE.get_or_init(|| {
        candidates.find_map(|(regular, bold)| {
            let bytes = leak(&regular)?;
            let bold_bytes = leak(&bold).unwrap_or(bytes);
            // Criterion's own plots ask for the other families.
            for fam in [FONT, "serif", "monospace", "Helvetica", "Arial"] {
                for style in [FontStyle::Normal, FontStyle::Italic, FontStyle::Oblique] {
                    plotters::style::register_font(fam, style, bytes).ok()?;
                }
                plotters::style::register_font(fam, FontStyle::Bold, bold_bytes).ok()?;
            }
            Some(PathBuf::from(regular))
        })
    });
    found.clone()
}

/// The color of a library in every chart.
pub fn color_of(label: &str) -> RGBColor {
    let l = label.to_lowercase();
    let two = l.contains(" 2t") || l.contains(" mt") || l.starts_with("2 threads");
    // (name, one thread, two threads), first match wins.
    let colors = [
        ("arkworks", 0x8c564b, 0x8c564b),
        ("fastkzg", 0x1f77b4, 0x17becf),
        ("c-kzg", 0xff7f0e, 0xc85a00),
        ("go-eth-kzg", 0x00add8, 0x006e8c),
        ("rust-eth-kzg", 0x2ca02c, 0x9467bd),
    ];
    let c = colors.iter().find(|c| l.contains(c.0));
    rgb(c.map_or(0x7f7f7f, |c| [c.1, c.2][usize::from(two)]))
}

/// Draws `$draw(&root)` into `$docs/$name.png` and `.svg`, of `$size`.
macro_rules! png_and_svg {
    ($docs:expr, $name:expr, $size:expr, $draw:expr) => {{
        register_fonts().ok_or(
            "no TrueType font found (install fonts-dejavu-core or set FASTKZG_BENCH_FONT)",
        )?;
        png_and_svg!(@ BitMapBackend, $docs.join(format!("{}.png", $name)), $size, $draw);
        png_and_svg!(@ SVGBackend, $docs.join(format!("{}.svg", $name)), $size, $draw);
        Ok(())
    }};
    (@ $backend:ident, $path:expr, $size:expr, $draw:expr) => {
        let path = $path;
        let root = $backend::new(&path, $size).into_drawing_area();
        let drawn = $draw(&root).and_then(|()| Ok(root.present()?));
        drawn.map_err(|e: Box<dyn Error>| format!("{}: {e}", path.display()))?;
    };
}

/// A horizontal bar chart: one group of bars per row, one bar per series.
pub struct Bars {
    /// The caption.
    pub title: String,
    /// A note under the caption.
    pub note: String,
    /// Row names, top to bottom.
    pub rows: Vec<String>,
    /// Series: name and one value per row (`None` = no bar).
    pub series: Vec<(String, Vec<Option<f64>>)>,
    /// Ratio mode: bars of ratios start at 1 on a log2 axis (and a line
    /// marks 1); otherwise bars of times in seconds start at the axis
    /// minimum on a log10 axis.
    pub ratio: bool,
}

/// Draws `bars` into `docs/NAME.png` and `.svg`.
pub fn draw_bars(bars: &Bars, docs: &Path, name: &str) -> Result<(), String> {
    let rows = bars.rows.len() as u32;
    let h = 170 + rows * (20 * bars.series.len().max(1) as u32 + 14);
    png_and_svg!(docs, name, (1500, h), |root| bars_on(root, bars))
}

fn bars_on<DB: DrawingBackend>(root: &Area<DB>, bars: &Bars) -> Res
where
    DB::ErrorType: 'static,
{
    let body = caption(root, &bars.title, &bars.note)?;
    let values = bars.series.iter().flat_map(|(_, v)| v.iter().flatten());
    let (vmin, vmax) = span(values.copied());
    // Ratios: 1 in view, a log2 axis; times: a log10 axis. The padding on
    // the right keeps room for the value labels.
    let (base, pad, vmin, vmax) = match bars.ratio {
        true => (2f64, 0.6, vmin.min(1.0) / 1.3, vmax.max(1.0) * 1.3),
        false => (10f64, 0.7, vmin, vmax),
    };
    let (pow, lg) = (|e: f64| base.powf(e), |v: f64| v.log(base));
    let (lo, hi) = match vmin > vmax {
        true => (0.1, 10.0),
        false => (pow(lg(vmin).floor()), pow(lg(vmax).ceil() + pad)),
    };
    let n = bars.rows.len();
    let longest = bars.rows.iter().map(|r| r.chars().count()).max();
    let mut chart = ChartBuilder::on(&body)
        .margin_right(30)
        .margin_top(5)
        .x_label_area_size(60)
        .y_label_area_size(20 + 9 * longest.unwrap_or(10) as u32)
        .build_cartesian_2d((lo..hi).log_scale().base(base), 0f64..n as f64)?;
    type Fmt = fn(f64) -> String;
    let (fmt, axis_fmt, x_desc): (Fmt, Fmt, _) = match bars.ratio {
        true => (
            fmt_ratio,
            fmt_ratio_axis,
            "peer time / fastkzg time (log2 scale)",
        ),
        false => (fmt_time, fmt_time_axis, "time per call (log scale)"),
    };

    chart
        .configure_mesh()
        .disable_y_mesh()
        .y_labels(0)
        .x_desc(x_desc)
        .x_label_formatter(&|v| axis_fmt(*v))
        .x_label_style((FONT, 15))
        .axis_desc_style((FONT, 17))
        .light_line_style(RGBColor(235, 235, 235))
        .bold_line_style(RGBColor(200, 200, 200))
        .draw()?;
    for (i, r) in bars.rows.iter().enumerate() {
        // Row names, right-aligned against the axis, and row separators.
        let (px, py) = chart.backend_coord(&(lo, (n - 1 - i) as f64 + 0.5));
        root.draw(&Text::new(r.clone(), (px - 10, py), text(16, HPos::Right)))?;
        let y = (i + 1) as f64;
        let separator = PathElement::new(vec![(lo, y), (hi, y)], RGBColor(225, 225, 225));
        chart.draw_series([separator])?;
    }
    let band = 0.84 / bars.series.len().max(1) as f64;
    for (j, (name, vals)) in bars.series.iter().enumerate() {
        let color = color_of(name);
        let bar = |i: usize| (n - i) as f64 - 0.08 - band * j as f64;
        let from = if bars.ratio { 1.0 } else { lo };
        let values = || (0..).zip(vals).filter_map(|(i, v)| Some((bar(i), (*v)?)));
        let corners = |top: f64, v: f64| [(from, top - band * 0.92), (v.clamp(lo, hi), top)];
        let rects = values().map(|(top, v)| Rectangle::new(corners(top, v), color.filled()));
        chart
            .draw_series(rects)?
            .label(name.as_str())
            .legend(move |(x, y)| Rectangle::new([(x, y - 6), (x + 16, y + 6)], color.filled()));
        chart.draw_series(values().map(|(top, v)| {
            let (x, h) = match !bars.ratio || v >= 1.0 {
                true => (v * 1.04, HPos::Left),
                false => (v / 1.04, HPos::Right),
            };
            Text::new(fmt(v), (x.clamp(lo, hi), top - band * 0.46), text(13, h))
        }))?;
    }
    if bars.ratio {
        let one = PathElement::new(vec![(1.0, 0.0), (1.0, n as f64)], BLACK.stroke_width(2));
        chart.draw_series([one])?;
    }
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::UpperRight)
        .label_font((FONT, 16))
        .background_style(WHITE.mix(0.92))
        .border_style(BLACK)
        .margin(12)
        .draw()?;
    Ok(())
}

/// Fills `root` white and draws a caption and a note at its top; returns
/// the area below.
fn caption<DB: DrawingBackend>(root: &Area<DB>, title: &str, note: &str) -> Res<Area<DB>>
where
    DB::ErrorType: 'static,
{
    root.fill(&WHITE)?;
    let (top, body) = root.split_vertically(70);
    let bold = (FONT, 26).into_font().style(FontStyle::Bold);
    top.draw(&Text::new(title.to_string(), (20, 10), bold))?;
    top.draw(&Text::new(note.to_string(), (20, 44), (FONT, 16)))?;
    Ok(body)
}

/// Black text of `size`, centered vertically and placed horizontally by `h`.
fn text(size: u32, h: HPos) -> TextStyle<'static> {
    let font = (FONT, size).into_font().color(&BLACK);
    font.pos(Pos::new(h, VPos::Center))
}

/// The lowest and highest finite positive value (`(MAX, MIN)` for none).
fn span(values: impl Iterator<Item = f64>) -> (f64, f64) {
    let values = values.filter(|v| v.is_finite() && *v > 0.0);
    values.fold((f64::MAX, f64::MIN), |(a, b), v| (a.min(v), b.max(v)))
}

/// A color from `0xRRGGBB`.
fn rgb(c: u32) -> RGBColor {
    RGBColor((c >> 16) as u8, (c >> 8) as u8, c as u8)
}

/// A ratio as a bar label (`1.52×`, `0.81×`).
pub fn fmt_ratio(r: f64) -> String {
    let digits = if r >= 10.0 { 1 } else { 2 };
    format!("{r:.digits$}×")
}

/// A time axis tick (`1 µs`, `10 ms`, `1 s`): [`fmt_time`] without trailing
/// zeros.
pub fn fmt_time_axis(s: f64) -> String {
    fmt_time(s).replace(".00 ", " ").replace(".0 ", " ")
}

/// A ratio axis tick (`0.5×`, `1×`, `2×`).
pub fn fmt_ratio_axis(r: f64) -> String {
    format!("{}×", (r * 1e3).round() / 1e3)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels() {
        assert_eq!([fmt_ratio(1.5), fmt_ratio(12.34)], ["1.50×", "12.3×"]);
        assert_eq!([fmt_ratio_axis(0.5), fmt_ratio_axis(2.0)], ["0.5×", "2×"]);
        let ticks = [0.01, 1.0, 1e-6].map(fmt_time_axis);
        assert_eq!(ticks, ["10 ms", "1 s", "1 µs"]);
    }
}

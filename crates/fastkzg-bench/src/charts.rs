//! Charts with plotters: horizontal bar charts (times per function on a log
//! scale; speed-up ratios) and line charts (time against size), each written
//! as SVG and PNG.
//!
//! Text needs a TrueType font: plotters is built with its `ab_glyph`
//! feature (no system font discovery), and [`register_fonts`] loads DejaVu
//! Sans (or `$FASTKZG_BENCH_FONT`) from the usual system paths. Without a
//! font, charts are skipped (Debian: `apt-get install fonts-dejavu-core`).

use std::error::Error;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

/// The font family every chart uses.
const FONT: &str = "sans-serif";

/// Regular and bold font files tried in order (the first that loads wins).
const FONT_CANDIDATES: [(&str, &str); 5] = [
    (
        "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
        "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
    ),
    (
        "/usr/share/fonts/TTF/DejaVuSans.ttf",
        "/usr/share/fonts/TTF/DejaVuSans-Bold.ttf",
    ),
    (
        "/usr/share/fonts/dejavu/DejaVuSans.ttf",
        "/usr/share/fonts/dejavu/DejaVuSans-Bold.ttf",
    ),
    (
        "/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf",
        "/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf",
    ),
    (
        "/usr/share/fonts/truetype/freefont/FreeSans.ttf",
        "/usr/share/fonts/truetype/freefont/FreeSansBold.ttf",
    ),
];

/// Registers a font for plotters (once); returns the font file used, or
/// `None` when no font was found (charts are then skipped).
pub fn register_fonts() -> Option<PathBuf> {
    static FONT_FILE: OnceLock<Option<PathBuf>> = OnceLock::new();
    FONT_FILE
        .get_or_init(|| {
            let mut candidates: Vec<(PathBuf, PathBuf)> = Vec::new();
            if let Some(f) = std::env::var_os("FASTKZG_BENCH_FONT") {
                candidates.push((PathBuf::from(&f), PathBuf::from(&f)));
            }
            candidates.extend(
                FONT_CANDIDATES
                    .iter()
                    .map(|(r, b)| (PathBuf::from(r), PathBuf::from(b))),
            );
            for (regular, bold) in candidates {
                let Ok(bytes) = std::fs::read(&regular) else {
                    continue;
                };
                let bytes: &'static [u8] = Box::leak(bytes.into_boxed_slice());
                let bold_bytes: &'static [u8] = std::fs::read(&bold)
                    .map(|b| &*Box::leak(b.into_boxed_slice()))
                    .unwrap_or(bytes);
                let ok = [FontStyle::Normal, FontStyle::Italic, FontStyle::Oblique]
                    .into_iter()
                    .all(|s| plotters::style::register_font(FONT, s, bytes).is_ok())
                    && plotters::style::register_font(FONT, FontStyle::Bold, bold_bytes).is_ok();
                if ok {
                    // Criterion's own plots ask for these families too.
                    for fam in ["serif", "monospace", "Helvetica", "Arial"] {
                        let _ = plotters::style::register_font(fam, FontStyle::Normal, bytes);
                        let _ = plotters::style::register_font(fam, FontStyle::Bold, bold_bytes);
                    }
                    return Some(regular);
                }
            }
            None
        })
        .clone()
}

/// The color of a library in every chart.
pub fn color_of(label: &str) -> RGBColor {
    let l = label.to_lowercase();
    if l.starts_with("fastkzg") {
        if l.contains("arkworks") {
            RGBColor(140, 86, 75)
        } else if l.contains("2t") {
            RGBColor(23, 190, 207)
        } else {
            RGBColor(31, 119, 180)
        }
    } else if l.starts_with("c-kzg") || l.contains("c-kzg") {
        RGBColor(255, 127, 14)
    } else if l.starts_with(crate::gopeer::LABEL) {
        // Go's blue, darker at two threads.
        if l.contains("2t") {
            RGBColor(0, 110, 140)
        } else {
            RGBColor(0, 173, 216)
        }
    } else if l.contains("mt") {
        RGBColor(148, 103, 189)
    } else if l.contains("rust-eth-kzg") {
        RGBColor(44, 160, 44)
    } else {
        RGBColor(127, 127, 127)
    }
}

/// A horizontal bar chart: one group of bars per row, one bar per series.
pub struct Bars {
    /// The caption.
    pub title: String,
    /// The value axis description (with units).
    pub x_desc: String,
    /// Row names, top to bottom.
    pub rows: Vec<String>,
    /// Series: name and one value per row (`None` = no bar).
    pub series: Vec<(String, Vec<Option<f64>>)>,
    /// Ratio mode: bars start at 1 on a log2 axis (and a line marks 1);
    /// otherwise bars start at the axis minimum on a log10 axis.
    pub ratio: bool,
    /// Formats a value for its bar label.
    pub fmt: fn(f64) -> String,
    /// Formats an axis tick.
    pub axis_fmt: fn(f64) -> String,
    /// A note under the caption.
    pub note: String,
}

/// Draws `bars` into `png` and `svg` (either may be `None`).
pub fn draw_bars(bars: &Bars, png: Option<&Path>, svg: Option<&Path>) -> Result<(), String> {
    register_fonts()
        .ok_or("no TrueType font found (install fonts-dejavu-core or set FASTKZG_BENCH_FONT)")?;
    let per_bar = 20u32;
    let k = bars.series.len().max(1) as u32;
    let row_px = k * per_bar + 14;
    let h = 170 + row_px * bars.rows.len() as u32;
    let w = 1500u32;
    if let Some(p) = png {
        let root = BitMapBackend::new(p, (w, h)).into_drawing_area();
        bars_on(&root, bars).map_err(|e| format!("{}: {e}", p.display()))?;
        root.present()
            .map_err(|e| format!("{}: {e}", p.display()))?;
    }
    if let Some(p) = svg {
        let root = SVGBackend::new(p, (w, h)).into_drawing_area();
        bars_on(&root, bars).map_err(|e| format!("{}: {e}", p.display()))?;
        root.present()
            .map_err(|e| format!("{}: {e}", p.display()))?;
    }
    Ok(())
}

fn bars_on<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    bars: &Bars,
) -> Result<(), Box<dyn Error>>
where
    DB::ErrorType: 'static,
{
    root.fill(&WHITE)?;
    let values: Vec<f64> = bars
        .series
        .iter()
        .flat_map(|(_, v)| v.iter().flatten().copied())
        .filter(|v| v.is_finite() && *v > 0.0)
        .collect();
    let (vmin, vmax) = values
        .iter()
        .fold((f64::MAX, f64::MIN), |(a, b), v| (a.min(*v), b.max(*v)));
    let (lo, hi) = if values.is_empty() {
        (0.1, 10.0)
    } else if bars.ratio {
        let lo = 2f64.powf((vmin.min(1.0) / 1.3).log2().floor());
        let hi = 2f64.powf((vmax.max(1.0) * 1.3).log2().ceil() + 0.6);
        (lo, hi)
    } else {
        let lo = 10f64.powf(vmin.log10().floor());
        // One more decade on the right keeps room for the value labels.
        let hi = 10f64.powf(vmax.log10().ceil() + 0.7);
        (lo, hi)
    };
    let n = bars.rows.len();
    let label_w = 20
        + 9 * bars
            .rows
            .iter()
            .map(|r| r.chars().count())
            .max()
            .unwrap_or(10) as u32;
    let (title_area, body) = root.split_vertically(70);
    title_area.draw(&Text::new(
        bars.title.clone(),
        (20, 10),
        (FONT, 26).into_font().style(FontStyle::Bold),
    ))?;
    title_area.draw(&Text::new(
        bars.note.clone(),
        (20, 44),
        (FONT, 16).into_font(),
    ))?;
    let mut chart = ChartBuilder::on(&body)
        .margin_right(30)
        .margin_top(5)
        .x_label_area_size(60)
        .y_label_area_size(label_w)
        .build_cartesian_2d(
            (lo..hi)
                .log_scale()
                .base(if bars.ratio { 2.0 } else { 10.0 }),
            0f64..n as f64,
        )?;
    let fmt = bars.fmt;
    let axis_fmt = bars.axis_fmt;
    chart
        .configure_mesh()
        .disable_y_mesh()
        .y_labels(0)
        .x_desc(bars.x_desc.as_str())
        .x_label_formatter(&|v| axis_fmt(*v))
        .x_label_style((FONT, 15))
        .axis_desc_style((FONT, 17))
        .light_line_style(RGBColor(235, 235, 235))
        .bold_line_style(RGBColor(200, 200, 200))
        .draw()?;
    // Row names, right-aligned against the axis.
    for (i, r) in bars.rows.iter().enumerate() {
        let y = (n - 1 - i) as f64 + 0.5;
        let (px, py) = chart.backend_coord(&(lo, y));
        root.draw(&Text::new(
            r.clone(),
            (px - 10, py),
            (FONT, 16)
                .into_font()
                .color(&BLACK)
                .pos(Pos::new(HPos::Right, VPos::Center)),
        ))?;
    }
    // Row separators.
    for i in 1..n {
        chart.draw_series(std::iter::once(PathElement::new(
            vec![(lo, i as f64), (hi, i as f64)],
            RGBColor(225, 225, 225),
        )))?;
    }
    let k = bars.series.len().max(1) as f64;
    let band = 0.84 / k;
    let base = if bars.ratio { 1.0 } else { lo };
    for (j, (name, vals)) in bars.series.iter().enumerate() {
        let color = color_of(name);
        let rects: Vec<Rectangle<(f64, f64)>> = vals
            .iter()
            .enumerate()
            .filter_map(|(i, v)| {
                let v = (*v)?;
                let top = (n - i) as f64 - 0.08 - band * j as f64;
                Some(Rectangle::new(
                    [(base, top - band * 0.92), (v.clamp(lo, hi), top)],
                    color.filled(),
                ))
            })
            .collect();
        chart
            .draw_series(rects)?
            .label(name.as_str())
            .legend(move |(x, y)| Rectangle::new([(x, y - 6), (x + 16, y + 6)], color.filled()));
        let labels: Vec<Text<(f64, f64), String>> = vals
            .iter()
            .enumerate()
            .filter_map(|(i, v)| {
                let v = (*v)?;
                let top = (n - i) as f64 - 0.08 - band * j as f64;
                let y = top - band * 0.46;
                let right = !bars.ratio || v >= 1.0;
                let style = (FONT, 13).into_font().color(&BLACK).pos(Pos::new(
                    if right { HPos::Left } else { HPos::Right },
                    VPos::Center,
                ));
                let x = if right { v * 1.04 } else { v / 1.04 };
                Some(Text::new(fmt(v), (x.clamp(lo, hi), y), style))
            })
            .collect();
        chart.draw_series(labels)?;
    }
    if bars.ratio {
        chart.draw_series(std::iter::once(PathElement::new(
            vec![(1.0, 0.0), (1.0, n as f64)],
            BLACK.stroke_width(2),
        )))?;
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

/// One panel of a line chart.
pub struct Panel {
    /// The panel caption.
    pub title: String,
    /// The x axis description.
    pub x_desc: String,
    /// The y axis description.
    pub y_desc: String,
    /// Series: name and `(x, y)` points; x is log2 of the size, y in
    /// seconds (drawn in ms on a log axis).
    pub series: Vec<(String, Vec<(f64, f64)>)>,
    /// Single marked points: name, `(x, y)`.
    pub marks: Vec<(String, (f64, f64))>,
}

/// Draws panels side by side into `png` and `svg`.
pub fn draw_panels(
    title: &str,
    panels: &[Panel],
    png: Option<&Path>,
    svg: Option<&Path>,
) -> Result<(), String> {
    register_fonts()
        .ok_or("no TrueType font found (install fonts-dejavu-core or set FASTKZG_BENCH_FONT)")?;
    let (w, h) = (800 * panels.len().max(1) as u32, 720u32);
    if let Some(p) = png {
        let root = BitMapBackend::new(p, (w, h)).into_drawing_area();
        panels_on(&root, title, panels).map_err(|e| format!("{}: {e}", p.display()))?;
        root.present()
            .map_err(|e| format!("{}: {e}", p.display()))?;
    }
    if let Some(p) = svg {
        let root = SVGBackend::new(p, (w, h)).into_drawing_area();
        panels_on(&root, title, panels).map_err(|e| format!("{}: {e}", p.display()))?;
        root.present()
            .map_err(|e| format!("{}: {e}", p.display()))?;
    }
    Ok(())
}

/// Series styles of the line charts, by name.
fn line_color(name: &str, i: usize) -> RGBColor {
    const PALETTE: [RGBColor; 8] = [
        RGBColor(31, 119, 180),
        RGBColor(214, 39, 40),
        RGBColor(44, 160, 44),
        RGBColor(255, 127, 14),
        RGBColor(148, 103, 189),
        RGBColor(140, 86, 75),
        RGBColor(227, 119, 194),
        RGBColor(23, 190, 207),
    ];
    let _ = name;
    PALETTE[i % PALETTE.len()]
}

fn panels_on<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    title: &str,
    panels: &[Panel],
) -> Result<(), Box<dyn Error>>
where
    DB::ErrorType: 'static,
{
    root.fill(&WHITE)?;
    let (title_area, body) = root.split_vertically(60);
    title_area.draw(&Text::new(
        title.to_string(),
        (20, 15),
        (FONT, 26).into_font().style(FontStyle::Bold),
    ))?;
    let areas = body.split_evenly((1, panels.len().max(1)));
    for (panel, area) in panels.iter().zip(areas) {
        let pts: Vec<(f64, f64)> = panel
            .series
            .iter()
            .flat_map(|(_, v)| v.iter().copied())
            .chain(panel.marks.iter().map(|(_, p)| *p))
            .filter(|(_, y)| y.is_finite() && *y > 0.0)
            .collect();
        if pts.is_empty() {
            continue;
        }
        let (xmin, xmax) = pts.iter().fold((f64::MAX, f64::MIN), |(a, b), (x, _)| {
            (a.min(*x), b.max(*x))
        });
        let (ymin, ymax) = pts.iter().fold((f64::MAX, f64::MIN), |(a, b), (_, y)| {
            (a.min(*y), b.max(*y))
        });
        let ylo = 10f64.powf((ymin * 1e3).log10().floor());
        let yhi = 10f64.powf((ymax * 1e3).log10().ceil());
        let mut chart = ChartBuilder::on(&area)
            .caption(panel.title.as_str(), (FONT, 20))
            .margin(20)
            .x_label_area_size(55)
            .y_label_area_size(85)
            .build_cartesian_2d((xmin - 0.5)..(xmax + 0.5), (ylo..yhi).log_scale())?;
        chart
            .configure_mesh()
            .x_desc(panel.x_desc.as_str())
            .y_desc(panel.y_desc.as_str())
            .x_labels((xmax - xmin) as usize + 2)
            .x_label_formatter(&|x| {
                if (x - x.round()).abs() < 1e-9 {
                    format!("2^{}", x.round() as i64)
                } else {
                    String::new()
                }
            })
            .y_label_formatter(&|y| fmt_ms(*y))
            .x_label_style((FONT, 14))
            .y_label_style((FONT, 14))
            .axis_desc_style((FONT, 16))
            .light_line_style(RGBColor(238, 238, 238))
            .bold_line_style(RGBColor(205, 205, 205))
            .draw()?;
        for (i, (name, v)) in panel.series.iter().enumerate() {
            let color = line_color(name, i);
            let data: Vec<(f64, f64)> = v.iter().map(|(x, y)| (*x, y * 1e3)).collect();
            chart
                .draw_series(LineSeries::new(data.clone(), color.stroke_width(3)))?
                .label(name.as_str())
                .legend(move |(x, y)| {
                    PathElement::new(vec![(x, y), (x + 22, y)], color.stroke_width(3))
                });
            chart.draw_series(data.iter().map(|p| Circle::new(*p, 4, color.filled())))?;
        }
        for (j, (name, (x, y))) in panel.marks.iter().enumerate() {
            let color = line_color(name, panel.series.len() + j);
            let p = (*x, *y * 1e3);
            chart
                .draw_series(std::iter::once(TriangleMarker::new(p, 9, color.filled())))?
                .label(name.as_str())
                .legend(move |(x, y)| TriangleMarker::new((x + 11, y), 7, color.filled()));
        }
        chart
            .configure_series_labels()
            .position(SeriesLabelPosition::UpperLeft)
            .label_font((FONT, 15))
            .background_style(WHITE.mix(0.92))
            .border_style(BLACK)
            .margin(10)
            .draw()?;
    }
    Ok(())
}

/// Milliseconds as an axis label (`0.01`, `1`, `1000`).
pub fn fmt_ms(ms: f64) -> String {
    if ms >= 1.0 {
        format!("{ms:.0}")
    } else {
        let digits = (-ms.log10()).ceil().max(1.0) as usize;
        format!("{ms:.digits$}")
    }
}

/// A ratio as a bar label (`1.52×`, `0.81×`).
pub fn fmt_ratio(r: f64) -> String {
    if r >= 10.0 {
        format!("{r:.1}×")
    } else {
        format!("{r:.2}×")
    }
}

/// A time in ms as a bar label (`83.4 ms`).
pub fn fmt_ms_label(ms: f64) -> String {
    crate::measure::fmt_time(ms / 1e3)
}

/// A time axis tick in ms (`1 µs`, `10 ms`, `1 s`), for powers of ten.
pub fn fmt_ms_axis(ms: f64) -> String {
    let s = ms / 1e3;
    let (v, unit) = if s >= 1.0 {
        (s, "s")
    } else if s >= 1e-3 {
        (s * 1e3, "ms")
    } else {
        (s * 1e6, "µs")
    };
    format!("{} {unit}", trim_float(v))
}

/// A ratio axis tick (`0.5×`, `1×`, `2×`).
pub fn fmt_ratio_axis(r: f64) -> String {
    format!("{}×", trim_float(r))
}

fn trim_float(v: f64) -> String {
    let s = format!("{v:.3}");
    s.trim_end_matches('0').trim_end_matches('.').to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels() {
        assert_eq!(fmt_ms(100.0), "100");
        assert_eq!(fmt_ms(0.01), "0.01");
        assert_eq!(fmt_ratio(1.5), "1.50×");
        assert_eq!(fmt_ms_label(83.4), "83.4 ms");
        assert_eq!(fmt_ms_axis(10.0), "10 ms");
        assert_eq!(fmt_ms_axis(1000.0), "1 s");
        assert_eq!(fmt_ms_axis(0.001), "1 µs");
        assert_eq!(fmt_ratio_axis(0.5), "0.5×");
        assert_eq!(fmt_ratio_axis(2.0), "2×");
    }
}

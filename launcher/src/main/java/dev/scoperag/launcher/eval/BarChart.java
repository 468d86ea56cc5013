package dev.scoperag.launcher.eval;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import javax.imageio.ImageIO;

/**
 * A grouped bar chart as a PNG, drawn with java.awt in headless mode: one group per category, one
 * bar per series in each, values printed on the bars, "n/a" where a value does not apply.
 */
final class BarChart {

    private static final Color[] PALETTE = {
        new Color(0x1f77b4), new Color(0xff7f0e), new Color(0x2ca02c), new Color(0xd62728),
        new Color(0x9467bd), new Color(0x8c564b), new Color(0xe377c2), new Color(0x7f7f7f)};
    private static final int WIDTH = 1200;
    private static final int HEIGHT = 560;
    private static final int LEFT = 70;
    private static final int RIGHT = 30;
    private static final int TOP = 60;
    private static final int BOTTOM = 90;

    private final String title;
    private final String yLabel;
    private final List<String> categories;
    private final List<String> series;
    private final Double[][] values;

    /**
     * @param values {@code values[series][category]}, null where not applicable
     */
    BarChart(String title, String yLabel, List<String> categories, List<String> series, Double[][] values) {
        this.title = title;
        this.yLabel = yLabel;
        this.categories = List.copyOf(categories);
        this.series = List.copyOf(series);
        this.values = values;
    }

    void write(Path file, double yMax) {
        System.setProperty("java.awt.headless", "true");
        BufferedImage image = new BufferedImage(WIDTH, HEIGHT, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        try {
            draw(g, yMax > 0 ? yMax : niceMax());
        } finally {
            g.dispose();
        }
        try {
            ImageIO.write(image, "png", file.toFile());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write chart " + file, e);
        }
    }

    private void draw(Graphics2D g, double yMax) {
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
        g.setColor(Color.WHITE);
        g.fillRect(0, 0, WIDTH, HEIGHT);
        int plotWidth = WIDTH - LEFT - RIGHT;
        int plotHeight = HEIGHT - TOP - BOTTOM;
        int baseline = TOP + plotHeight;

        g.setColor(Color.BLACK);
        g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, 16));
        g.drawString(title, LEFT, 28);

        g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 11));
        for (int tick = 0; tick <= 5; tick++) {
            double value = yMax * tick / 5;
            int y = baseline - (int) Math.round(plotHeight * tick / 5.0);
            g.setColor(new Color(0xe0e0e0));
            g.drawLine(LEFT, y, LEFT + plotWidth, y);
            g.setColor(Color.DARK_GRAY);
            String label = format(value);
            g.drawString(label, LEFT - 8 - g.getFontMetrics().stringWidth(label), y + 4);
        }
        g.drawString(yLabel, 8, TOP - 12);

        int groupWidth = plotWidth / Math.max(1, categories.size());
        int barWidth = Math.max(4, (int) (groupWidth * 0.8 / Math.max(1, series.size())));
        Font valueFont = new Font(Font.SANS_SERIF, Font.PLAIN, barWidth >= 22 ? 10 : 8);
        for (int c = 0; c < categories.size(); c++) {
            int groupLeft = LEFT + c * groupWidth + (int) (groupWidth * 0.1);
            for (int s = 0; s < series.size(); s++) {
                int x = groupLeft + s * barWidth;
                Double value = values[s][c];
                g.setFont(valueFont);
                FontMetrics fm = g.getFontMetrics();
                if (value == null) {
                    g.setColor(Color.GRAY);
                    drawCentered(g, "n/a", x, barWidth, baseline - 4, fm);
                    continue;
                }
                int height = (int) Math.round(plotHeight * Math.min(value, yMax) / yMax);
                g.setColor(PALETTE[s % PALETTE.length]);
                g.fillRect(x, baseline - height, barWidth - 2, height);
                g.setColor(Color.BLACK);
                drawCentered(g, format(value), x, barWidth, baseline - height - 3, fm);
            }
            g.setColor(Color.BLACK);
            g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 12));
            drawCentered(g, categories.get(c), LEFT + c * groupWidth, groupWidth, baseline + 18, g.getFontMetrics());
        }
        g.setStroke(new BasicStroke(1.2f));
        g.drawLine(LEFT, baseline, LEFT + plotWidth, baseline);

        int legendX = LEFT;
        int legendY = HEIGHT - 30;
        g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 12));
        for (int s = 0; s < series.size(); s++) {
            g.setColor(PALETTE[s % PALETTE.length]);
            g.fillRect(legendX, legendY - 10, 12, 12);
            g.setColor(Color.BLACK);
            g.drawString(series.get(s), legendX + 16, legendY);
            legendX += 30 + g.getFontMetrics().stringWidth(series.get(s));
        }
    }

    private double niceMax() {
        double max = 0;
        for (Double[] row : values) {
            for (Double v : row) {
                if (v != null) {
                    max = Math.max(max, v);
                }
            }
        }
        if (max <= 0) {
            return 1;
        }
        double magnitude = Math.pow(10, Math.floor(Math.log10(max)));
        for (double step : new double[] {1, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10}) {
            if (step * magnitude >= max * 1.1) {
                return step * magnitude;
            }
        }
        return 10 * magnitude;
    }

    private static void drawCentered(Graphics2D g, String text, int left, int width, int y, FontMetrics fm) {
        g.drawString(text, left + (width - fm.stringWidth(text)) / 2, y);
    }

    private static String format(double value) {
        if (value == 0) {
            return "0";
        }
        if (Math.abs(value) >= 100) {
            return String.format(Locale.ROOT, "%.0f", value);
        }
        return String.format(Locale.ROOT, Math.abs(value) >= 10 ? "%.1f" : "%.2f", value);
    }
}

#include "ui/MetricsPanel.h"

#include "ui/EngineCharts.h"
#include "ui/EngineController.h"
#include "ui/Format.h"
#include "ui/SiteRateModel.h"

#include <QGridLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace hostbench::ui {

MetricsPanel::MetricsPanel(EngineController &engine, QWidget *parent)
    : QWidget(parent)
    , m_engine(engine)
    , m_siteRates(new SiteRateModel(this))
    , m_sites(new QTableView(this))
{
    setObjectName(u"metricsPanel"_s);
    auto *grid = new QGridLayout;
    grid->setHorizontalSpacing(18);
    grid->setVerticalSpacing(6);
    m_uptime = addFigure(grid, tr("Uptime"), u"metricsUptime"_s, 0, 0);
    m_requests = addFigure(grid, tr("Requests"), u"metricsRequests"_s, 1, 0);
    m_rate = addFigure(grid, tr("Requests/s"), u"metricsRate"_s, 2, 0);
    m_latency = addFigure(grid, tr("Service time p50 / p99"), u"metricsLatency"_s, 3, 0);
    m_connections = addFigure(grid, tr("Connections open / accepted"), u"metricsConnections"_s, 0, 2);
    m_bytes = addFigure(grid, tr("Sent"), u"metricsBytes"_s, 1, 2);
    m_statusClasses = addFigure(grid, tr("2xx / 3xx / 4xx / 5xx"), u"metricsStatus"_s, 2, 2);
    // In the room of a row of its own: one more would grow the page past 1024x700.
    m_http2 = addFigure(grid, tr("HTTP/2 connections / streams each / resets"), u"metricsHttp2"_s, 3, 2);
    m_tlsRate = addFigure(grid, tr("TLS handshakes/s"), u"metricsTlsRate"_s, 4, 0);
    m_tlsShare = addFigure(grid, tr("Resumed / TLS errors"), u"metricsTls"_s, 4, 2);
    for (int column = 0; column < 4; ++column)
        m_tlsRow.append(grid->itemAtPosition(4, column)->widget());
    m_http2Figure = { grid->itemAtPosition(3, 2)->widget(), m_http2 };
    grid->setColumnStretch(1, 1);
    grid->setColumnStretch(3, 1);

    m_sites->setObjectName(u"metricsSites"_s);
    m_sites->setModel(m_siteRates);
    m_sites->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
    for (int column = 1; column < kColumns; ++column)
        m_sites->horizontalHeader()->setSectionResizeMode(column, QHeaderView::ResizeToContents);
    m_sites->verticalHeader()->setVisible(false);
    m_sites->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_sites->setSelectionMode(QAbstractItemView::NoSelection);
    m_sites->setFocusPolicy(Qt::NoFocus);
    m_sites->setAlternatingRowColors(true);
    // Three rows in view at the smallest window (1024x700); more scroll.
    m_sites->setMinimumHeight(m_sites->horizontalHeader()->sizeHint().height()
        + 3 * m_sites->verticalHeader()->defaultSectionSize() + 2 * m_sites->frameWidth());

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(grid);
    layout->addSpacing(8);
    // The charts, and the sites under them: the table has the panel's whole
    // width for its columns (beside the charts it scrolled sideways at 1024 px).
    m_charts = new EngineCharts(m_engine, this);
    auto *split = new QSplitter(Qt::Vertical, this);
    split->setObjectName(u"metricsSplitter"_s);
    split->addWidget(m_charts);
    split->addWidget(m_sites);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 1);
    split->setChildrenCollapsible(false);
    layout->addWidget(split, 1);

    connect(&m_engine, &EngineController::metricsSampled, this, &MetricsPanel::update);
    update();
}

QLabel *MetricsPanel::addFigure(
    QGridLayout *grid, const QString &name, const QString &objectName, int row, int column)
{
    auto *label = new QLabel(tr("%1:").arg(name), this);
    auto *value = new QLabel(this);
    value->setObjectName(objectName);
    value->setTextInteractionFlags(Qt::TextSelectableByMouse);
    QFont bold = value->font();
    bold.setBold(true);
    value->setFont(bold);
    // A long line of figures ("12,345 / 0 / 17 / 2") wraps between its
    // figures rather than widen the page past a 1024 px window; a figure
    // itself ("40.2 MiB", "1 min 40 s") never breaks (whole(), update()).
    value->setWordWrap(true);
    // The name wraps first, as a German "Bearbeitungszeit p50 / p99:" must.
    label->setWordWrap(true);
    grid->addWidget(label, row, column);
    grid->addWidget(value, row, column + 1);
    return value;
}

QString MetricsPanel::whole(const QString &figure)
{
    QString unbroken = figure;
    return unbroken.replace(u' ', QChar::Nbsp);
}

void MetricsPanel::update()
{
    const bool running = m_engine.isRunning();
    const model::MetricsSnapshot &m = m_engine.metrics();
    const QString dash = u"–"_s;
    m_uptime->setText(running ? whole(Format::duration(m.uptimeMs)) : dash);
    m_requests->setText(running ? Format::count(m.requests) : dash);
    m_rate->setText(running ? whole(Format::rate(m_engine.requestsPerSecond())) : dash);
    m_latency->setText(running && m.requests > 0
            ? tr("%1 / %2").arg(whole(Format::milliseconds(m.latencyP50Us / 1000.0)),
                whole(Format::milliseconds(m.latencyP99Us / 1000.0)))
            : dash);
    m_connections->setText(running
            ? u"%1 / %2"_s.arg(Format::count(quint64(qMax<qint64>(0, m.openConnections))),
                Format::count(m.connectionsAccepted))
            : dash);
    m_bytes->setText(running ? whole(Format::bytes(m.bytesSent)) : dash);
    m_statusClasses->setText(running
            ? u"%1 / %2 / %3 / %4"_s.arg(Format::count(m.statusClasses[1]), Format::count(m.statusClasses[2]),
                Format::count(m.statusClasses[3]), Format::count(m.statusClasses[4]))
            : dash);

    // Handshakes over the time between two samples (EngineController::kMetricsIntervalMs).
    const bool tls = running && !m_engine.tlsUrl().isEmpty();
    for (QWidget *widget : std::as_const(m_tlsRow))
        widget->setVisible(tls);
    if (tls) {
        const qint64 spanMs = m.uptimeMs - m_lastUptimeMs;
        const bool rated = m_lastUptimeMs >= 0 && spanMs > 0 && m.tlsHandshakes >= m_lastHandshakes;
        m_tlsRate->setText(rated
                ? whole(Format::rate(double(m.tlsHandshakes - m_lastHandshakes) * 1000.0 / double(spanMs)))
                : dash);
        // "95% of 1,200 / 3": resumed, of the handshakes, and the errors.
        const QString share = m.tlsHandshakes > 0
            ? tr("%1% of %2")
                  .arg(QLocale().toString(100.0 * double(m.tlsResumed) / double(m.tlsHandshakes), 'f', 0),
                      Format::count(m.tlsHandshakes))
            : dash;
        m_tlsShare->setText(u"%1 / %2"_s.arg(whole(share), Format::count(m.tlsErrors)));
    }
    // HTTP/2 (issue #27): connections, the streams each carried on average, the streams the clients reset.
    const bool http2 = m_engine.servesHttp2();
    for (QWidget *widget : std::as_const(m_http2Figure))
        widget->setVisible(http2);
    if (http2) {
        const QString perConnection = m.http2Connections > 0
            ? QLocale().toString(double(m.http2Streams) / double(m.http2Connections), 'f', 1)
            : dash;
        m_http2->setText(u"%1 / %2 / %3"_s.arg(
            Format::count(m.http2Connections), perConnection, Format::count(m.http2Resets)));
    }
    m_lastHandshakes = running ? m.tlsHandshakes : 0;
    m_lastUptimeMs = running ? m.uptimeMs : -1;

    m_siteRates->setRates(running ? m_engine.history().sites() : QList<EngineHistory::SiteRate>());
}

} // namespace hostbench::ui

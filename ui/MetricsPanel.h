#pragma once

#include <QList>
#include <QWidget>

class QGridLayout;
class QLabel;
class QTableView;

namespace hostbench::ui {

class EngineCharts;
class EngineController;
class SiteRateModel;

/*
 * The engine's counters on the Server page: uptime, requests and their
 * rate, connections open and accepted, bytes sent, responses by status class, service-time
 * percentiles; with an HTTPS listener, TLS handshakes per second, the share
 * of them resumed and TLS errors (hidden without one); with HTTP/2 served,
 * its connections, the streams per connection and the streams the clients
 * reset (RST_STREAM; hidden without it, in the row of the service time); below, the engine's traffic charted
 * (EngineCharts) and, beside the charts, each site's requests, requests/s, errors (4xx and 5xx responses
 * since the engine started, a count: a quiet site keeps its figure) and bytes sent per second (the table
 * metricsSites, from EngineController::history()). Redrawn on each EngineController sample (500 ms). The
 * table is a QTableView on a SiteRateModel. GUI thread.
 */
class MetricsPanel final : public QWidget
{
    Q_OBJECT

public:
    static constexpr int kColumns = 5; // site, requests, requests/s, errors, bytes/s

    explicit MetricsPanel(EngineController &engine, QWidget *parent = nullptr);
    EngineCharts *charts() const { return m_charts; }

private:
    // `figure` with non-breaking spaces: a number stays with its unit.
    static QString whole(const QString &figure);
    void update();
    QLabel *addFigure(QGridLayout *grid, const QString &name, const QString &objectName, int row, int column);

    EngineController &m_engine;
    QLabel *m_uptime = nullptr;
    QLabel *m_requests = nullptr;
    QLabel *m_rate = nullptr;
    QLabel *m_connections = nullptr; // open / accepted
    QLabel *m_bytes = nullptr;
    QLabel *m_statusClasses = nullptr;
    QLabel *m_latency = nullptr;
    QLabel *m_tlsRate = nullptr; // handshakes/s
    QLabel *m_tlsShare = nullptr; // resumed share and errors
    QList<QWidget *> m_tlsRow; // the two figures and their names
    QLabel *m_http2 = nullptr; // connections / streams per connection / resets
    QList<QWidget *> m_http2Figure; // its name and value
    quint64 m_lastHandshakes = 0; // at m_lastUptimeMs, for the rate
    qint64 m_lastUptimeMs = -1;
    SiteRateModel *m_siteRates = nullptr;
    QTableView *m_sites = nullptr; // on m_siteRates
    EngineCharts *m_charts = nullptr;
};

} // namespace hostbench::ui

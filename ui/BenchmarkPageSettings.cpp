// BenchmarkPage's form kept between sessions (AppSettings): each field's key and default.
#include "ui/BenchmarkPage.h"

#include "ui/AppSettings.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QRadioButton>
#include <QSpinBox>
#include <QThread>

using namespace Qt::StringLiterals;

namespace hostbench::ui {

// The form's fields as kept between sessions, each declared once: its key in
// AppSettings and its default. restoreForm() reads and saveForm() writes them
// from this list (AppSettings::restoreField and saveField know the widget kinds).
QList<BenchmarkPage::FormSetting> BenchmarkPage::formSettings() const
{
    return {
        { u"bench/url"_s, m_url, QString() },
        { u"bench/concurrency"_s, m_concurrency, 10 },
        { u"bench/requests"_s, m_requests, 10000 },
        { u"bench/durationSeconds"_s, m_duration, 10 },
        { u"bench/byDuration"_s, m_byDuration, true },
        { u"bench/keepAlive"_s, m_keepAlive, true },
        // On a small machine the generator and the engine share the cores.
        { u"bench/threads"_s, m_threads, qMax(1, QThread::idealThreadCount() / 2) },
        { u"bench/protocol"_s, m_protocol, u"HTTP/1.1"_s },
        { u"bench/streams"_s, m_streams, 10 },
        // Empty: bench's defaults (closed model, no warm-up, 30 s).
        { u"bench/rate"_s, m_rate, QString() },
        { u"bench/stages"_s, m_stages, QString() },
        { u"bench/warmup"_s, m_warmup, QString() },
        { u"bench/timeout"_s, m_timeout, QString() },
        { u"bench/thresholds"_s, m_thresholds, QString() },
        { u"bench/abortOnFail"_s, m_abortOnFail, false },
        { u"bench/compareBaseline"_s, m_compareBaseline, false },
        { u"bench/findCapacity"_s, m_findCapacity, false },
        { u"bench/slo"_s, m_slo, QString() },
        { u"bench/stepDuration"_s, m_stepDuration, 3.0 }, // bench --find-capacity's defaults
        { u"bench/capacityPrecision"_s, m_capacityPrecision, 5.0 },
        // The body before the method: a body restored makes a GET a POST, the stored method then wins.
        { u"bench/body"_s, m_body, QString() },
        { u"bench/bodyFile"_s, m_bodyFile, QString() },
        { u"bench/contentType"_s, m_contentType, u"text/plain"_s },
        { u"bench/method"_s, m_method, u"GET"_s },
        { u"bench/headers"_s, m_headers, QString() },
    };
}

void BenchmarkPage::restoreForm()
{
    for (const FormSetting &setting : formSettings())
        m_settings.restoreField(setting.key, setting.field, setting.fallback);
    m_byRequests->setChecked(!m_byDuration->isChecked());
}

void BenchmarkPage::saveForm()
{
    for (const FormSetting &setting : formSettings())
        m_settings.saveField(setting.key, setting.field);
}

} // namespace hostbench::ui

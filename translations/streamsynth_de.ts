<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE">
<context>
    <name>ChartMetric</name>
    <message>
        <source>AvgWE — average workload error</source>
        <translation>AvgWE — mittlerer Workload-Fehler</translation>
    </message>
    <message>
        <source>MaxWE — worst workload error</source>
        <translation>MaxWE — schlechtester Workload-Fehler</translation>
    </message>
    <message>
        <source>AvgRelWE — average relative error</source>
        <translation>AvgRelWE — mittlerer relativer Fehler</translation>
    </message>
    <message>
        <source>MaxRelWE — worst relative error</source>
        <translation>MaxRelWE — schlechtester relativer Fehler</translation>
    </message>
    <message>
        <source>AvgRelL1 — average L1 distance</source>
        <translation>AvgRelL1 — mittlerer L1-Abstand</translation>
    </message>
    <message>
        <source>MaxRelL1 — worst L1 distance</source>
        <translation>MaxRelL1 — schlechtester L1-Abstand</translation>
    </message>
    <message>
        <source>mean |error| per cell, as a share of rows</source>
        <translation>mittlerer |Fehler| je Zelle, als Anteil der Zeilen</translation>
    </message>
    <message>
        <source>relative error</source>
        <translation>relativer Fehler</translation>
    </message>
    <message>
        <source>L1 distance of shares (0 to 2)</source>
        <translation>L1-Abstand der Anteile (0 bis 2)</translation>
    </message>
    <message>
        <source>share of rows</source>
        <translation>Anteil der Zeilen</translation>
    </message>
    <message>
        <source>L1 distance</source>
        <translation>L1-Abstand</translation>
    </message>
    <message>
        <source>For each marginal (workload), the mean absolute difference between the true and the synthetic share of rows in a cell, averaged over the workloads. Lower is better.</source>
        <translation>Für jede Randverteilung (Workload) die mittlere absolute Abweichung zwischen dem wahren und dem synthetischen Anteil der Zeilen in einer Zelle, gemittelt über die Workloads. Kleiner ist besser.</translation>
    </message>
    <message>
        <source>The same error for the worst workload at each step. Lower is better.</source>
        <translation>Derselbe Fehler für den schlechtesten Workload in jedem Schritt. Kleiner ist besser.</translation>
    </message>
    <message>
        <source>The error of each occupied cell relative to its true share, averaged over cells and workloads (the paper&apos;s metric; cells with one or two true rows dominate it). Lower is better.</source>
        <translation>Der Fehler jeder besetzten Zelle relativ zu ihrem wahren Anteil, gemittelt über Zellen und Workloads (die Kennzahl der Veröffentlichung; Zellen mit ein oder zwei wahren Zeilen dominieren sie). Kleiner ist besser.</translation>
    </message>
    <message>
        <source>The relative error of the worst workload at each step. Lower is better.</source>
        <translation>Der relative Fehler des schlechtesten Workloads in jedem Schritt. Kleiner ist besser.</translation>
    </message>
    <message>
        <source>The L1 distance between the true and synthetic shares of a marginal (twice the total variation distance), averaged over the workloads. Lower is better.</source>
        <translation>Der L1-Abstand zwischen den wahren und den synthetischen Anteilen einer Randverteilung (das Doppelte des Totalvariationsabstands), gemittelt über die Workloads. Kleiner ist besser.</translation>
    </message>
    <message>
        <source>The L1 distance of the worst workload at each step. Lower is better.</source>
        <translation>Der L1-Abstand des schlechtesten Workloads in jedem Schritt. Kleiner ist besser.</translation>
    </message>
</context>
<context>
    <name>CoarseningStep</name>
    <message>
        <source>Coarsening: kept labels chosen by DP (%1), %2 %3 charged once for the whole stream before step 1 in every series&apos; ledger</source>
        <translation>Vergröberung: behaltene Labels per DP gewählt (%1), %2 %3 einmal für den ganzen Strom vor Schritt 1 im Ledger jeder Serie abgebucht</translation>
    </message>
    <message>
        <source>Coarsening: &apos;%1&apos; keeps %2 of %3 labels: %4 (the rest are &lt;other&gt;)</source>
        <translation>Vergröberung: &apos;%1&apos; behält %2 von %3 Labels: %4 (der Rest wird &lt;other&gt;)</translation>
    </message>
    <message>
        <source>Coarsening: the coarsened attributes&apos; joint workloads (%1 cells) are tracked as small workloads (small cells %2, small share %3)</source>
        <translation>Vergröberung: die gemeinsamen Workloads der vergröberten Attribute (%1 Zellen) werden als kleine Workloads verfolgt (kleine Zellen %2, kleiner Anteil %3)</translation>
    </message>
    <message>
        <source>Coarsening: the rounds leave the tracked workloads alone and measure the attributes the coarsening does not touch</source>
        <translation>Vergröberung: die Runden lassen die verfolgten Workloads aus und messen die Attribute, die die Vergröberung nicht berührt</translation>
    </message>
    <message>
        <source>%1 keeps %2</source>
        <translation>%1 behält %2</translation>
    </message>
    <message>
        <source>%1 (share %2)</source>
        <translation>%1 (Anteil %2)</translation>
    </message>
    <message>
        <source>Coarsening: &apos;%1&apos; keeps %2 of %3 labels known to be public (no budget spent): %4 (the rest are &lt;other&gt;)</source>
        <translation>Vergröberung: &apos;%1&apos; behält %2 von %3 Labels, die als öffentlich bekannt gelten (kein Budget verbraucht): %4 (der Rest wird &lt;other&gt;)</translation>
    </message>
    <message>
        <source>%1 keeps %2 public labels</source>
        <translation>%1 behält %2 öffentliche Labels</translation>
    </message>
    <message>
        <source>Coarsening: &apos;%1&apos; coarsened to its %2 parents of %3 labels (public hierarchy, no budget spent): %4</source>
        <translation>Vergröberung: &apos;%1&apos; auf seine %2 Oberbegriffe von %3 Labels vergröbert (öffentliche Hierarchie, kein Budget verbraucht): %4</translation>
    </message>
    <message>
        <source>%1 to the parents of a public hierarchy</source>
        <translation>%1 auf die Oberbegriffe einer öffentlichen Hierarchie</translation>
    </message>
    <message>
        <source>Coarsening: &apos;%1&apos; has its %3 bins merged into %2 (public edges, no budget spent): %4</source>
        <translation>Vergröberung: Die %3 Klassen von &apos;%1&apos; werden zu %2 zusammengelegt (öffentliche Grenzen, kein Budget verbraucht): %4</translation>
    </message>
    <message>
        <source>%1 into %2 bins</source>
        <translation>%1 zu %2 Klassen</translation>
    </message>
</context>
<context>
    <name>CoarseningText</name>
    <message>
        <source>full domain (%1 codes)</source>
        <translation>voller Wertebereich (%1 Codes)</translation>
    </message>
    <message>
        <source>%1 merged bins</source>
        <translation>%1 zusammengelegte Klassen</translation>
    </message>
    <message>
        <source>%1 parents</source>
        <translation>%1 Oberbegriffe</translation>
    </message>
    <message>
        <source>%1 public labels + &lt;other&gt;</source>
        <translation>%1 öffentliche Labels + &lt;other&gt;</translation>
    </message>
    <message>
        <source>keep %1 + &lt;other&gt;</source>
        <translation>%1 behalten + &lt;other&gt;</translation>
    </message>
    <message>
        <source>supported</source>
        <translation>getragen</translation>
    </message>
    <message>
        <source>not supported on this stream</source>
        <translation>von diesem Datenstrom nicht getragen</translation>
    </message>
    <message>
        <source>%1 (%2 bins): merging adjacent public bins makes it supported (no budget spent)</source>
        <translation>%1 (%2 Klassen): Zusammenlegen benachbarter öffentlicher Klassen macht es tragbar (kein Budget verbraucht)</translation>
    </message>
    <message>
        <source>%1 (%2 bins): not supported even with its bins merged (merged only when ticked)</source>
        <translation>%1 (%2 Klassen): auch mit zusammengelegten Klassen nicht getragen (zusammengelegt nur, wenn angehakt)</translation>
    </message>
    <message>
        <source>%1 (%2 labels): coarsened to its %3 parents (public hierarchy: no budget spent)</source>
        <translation>%1 (%2 Labels): auf seine %3 Oberbegriffe vergröbert (öffentliche Hierarchie: kein Budget verbraucht)</translation>
    </message>
    <message>
        <source>%1 (%2 labels): keeps %3 public labels + &lt;other&gt; (no budget spent)</source>
        <translation>%1 (%2 Labels): behält %3 öffentliche Labels + &lt;other&gt; (kein Budget verbraucht)</translation>
    </message>
    <message>
        <source>%1 (%2 labels): proposed keep %3 + &lt;other&gt;</source>
        <translation>%1 (%2 Labels): Vorschlag %3 behalten + &lt;other&gt;</translation>
    </message>
    <message>
        <source>step</source>
        <translation>Schritt</translation>
    </message>
    <message>
        <source>batch</source>
        <translation>Stapel</translation>
    </message>
    <message>
        <source>day</source>
        <translation>Tag</translation>
    </message>
    <message>
        <source>week</source>
        <translation>Woche</translation>
    </message>
    <message>
        <source>fortnight</source>
        <translation>zwei Wochen</translation>
    </message>
    <message>
        <source>month</source>
        <translation>Monat</translation>
    </message>
    <message>
        <source>quarter</source>
        <translation>Quartal</translation>
    </message>
    <message>
        <source>year</source>
        <translation>Jahr</translation>
    </message>
    <message>
        <source>not supported on this stream, but the closest (the proposal)</source>
        <translation>von diesem Datenstrom nicht getragen, aber am nächsten daran (der Vorschlag)</translation>
    </message>
    <message>
        <source>it shows from the first %1</source>
        <translation>sichtbar ab dem ersten %1</translation>
    </message>
    <message>
        <source>it shows after about %1 steps</source>
        <translation>sichtbar nach etwa %1 Schritten</translation>
    </message>
    <message>
        <source>about %1 rows per cell of its best measurement each %3 against noise of about ±%2 rows at this ε; %4</source>
        <translation>etwa %1 Zeilen je Zelle seiner besten Messung und %3 gegenüber einem Rauschen von etwa ±%2 Zeilen bei diesem ε; %4</translation>
    </message>
</context>
<context>
    <name>CounterKind</name>
    <message>
        <source>simple</source>
        <translation>einfach</translation>
    </message>
    <message>
        <source>One noise draw per feed (SPEC §3): exact after a reset, the paper&apos;s counter.</source>
        <translation>Eine Rauschziehung pro Eingabe (SPEC §3): exakt nach einem Reset, der Zähler des Artikels.</translation>
    </message>
    <message>
        <source>block</source>
        <translation>Block</translation>
    </message>
    <message>
        <source>Two-level block counter, blocks of B steps.</source>
        <translation>Zweistufiger Blockzähler, Blöcke von B Schritten.</translation>
    </message>
    <message>
        <source>unbounded block</source>
        <translation>unbeschränkter Block</translation>
    </message>
    <message>
        <source>Block counter whose block size grows with time; no horizon.</source>
        <translation>Blockzähler, dessen Blockgröße mit der Zeit wächst; kein Horizont.</translation>
    </message>
    <message>
        <source>tree</source>
        <translation>Baum</translation>
    </message>
    <message>
        <source>Binary tree mechanism for at most T steps.</source>
        <translation>Binärbaum-Mechanismus für höchstens T Schritte.</translation>
    </message>
    <message>
        <source>hybrid</source>
        <translation>hybrid</translation>
    </message>
    <message>
        <source>Hybrid mechanism (Chan, Shi &amp; Song 2011); no horizon.</source>
        <translation>Hybrid-Mechanismus (Chan, Shi &amp; Song 2011); kein Horizont.</translation>
    </message>
    <message>
        <source>Honaker tree</source>
        <translation>Honaker-Baum</translation>
    </message>
    <message>
        <source>Full binary tree with Honaker&apos;s bottom-up estimates, at most T steps.</source>
        <translation>Vollständiger Binärbaum mit Honakers Schätzungen von unten nach oben, höchstens T Schritte.</translation>
    </message>
    <message>
        <source>smooth binary</source>
        <translation>glatter Binärbaum</translation>
    </message>
    <message>
        <source>Smooth binary mechanism (Andersson &amp; Pagh 2023): the same noise at every step, at most T steps.</source>
        <translation>Glatter Binärmechanismus (Andersson &amp; Pagh 2023): dasselbe Rauschen in jedem Schritt, höchstens T Schritte.</translation>
    </message>
    <message>
        <source>count on your elders</source>
        <translation>Count on your elders</translation>
    </message>
    <message>
        <source>K-ary tree with subtraction (Andersson, Pagh, Steiner &amp; Torkamani 2025), at most T steps.</source>
        <translation>K-närer Baum mit Subtraktion (Andersson, Pagh, Steiner &amp; Torkamani 2025), höchstens T Schritte.</translation>
    </message>
    <message>
        <source>square root</source>
        <translation>Quadratwurzel</translation>
    </message>
    <message>
        <source>Square-root factorisation (Fichtenberger, Henzinger &amp; Upadhyay 2023), at most T steps.</source>
        <translation>Quadratwurzel-Faktorisierung (Fichtenberger, Henzinger &amp; Upadhyay 2023), höchstens T Schritte.</translation>
    </message>
    <message>
        <source>square root, unbounded</source>
        <translation>Quadratwurzel, unbeschränkt</translation>
    </message>
    <message>
        <source>Log-damped square-root factorisation: private for any number of steps.</source>
        <translation>Logarithmisch gedämpfte Quadratwurzel-Faktorisierung: privat für beliebig viele Schritte.</translation>
    </message>
</context>
<context>
    <name>FitEngineKind</name>
    <message>
        <source>PGM (graphical model)</source>
        <translation>PGM (graphisches Modell)</translation>
    </message>
    <message>
        <source>A graphical model over the measured cliques (Private-PGM, McKenna et al. 2019): scales to large domains.</source>
        <translation>Ein graphisches Modell über den gemessenen Cliquen (Private-PGM, McKenna et al. 2019): skaliert auf große Domänen.</translation>
    </message>
    <message>
        <source>MW (multiplicative weights)</source>
        <translation>MW (multiplikative Gewichte)</translation>
    </message>
    <message>
        <source>An explicit distribution over the whole domain, updated by multiplicative weights (small domains only).</source>
        <translation>Eine explizite Verteilung über die ganze Domäne, mit multiplikativen Gewichten aktualisiert (nur kleine Domänen).</translation>
    </message>
</context>
<context>
    <name>FolderProblem</name>
    <message>
        <source>Choose a folder.</source>
        <translation>Wählen Sie einen Ordner.</translation>
    </message>
    <message>
        <source>%1 is a file, not a folder: choose a folder.</source>
        <translation>%1 ist eine Datei, kein Ordner: Wählen Sie einen Ordner.</translation>
    </message>
    <message>
        <source>%1 cannot be written: no permission.</source>
        <translation>%1 kann nicht beschrieben werden: keine Berechtigung.</translation>
    </message>
    <message>
        <source>%1 cannot be created: %2 is a file, not a folder.</source>
        <translation>%1 kann nicht angelegt werden: %2 ist eine Datei, kein Ordner.</translation>
    </message>
    <message>
        <source>%1 cannot be created: %2 does not accept new folders (no permission, a read-only disk or a system folder).</source>
        <translation>%1 kann nicht angelegt werden: %2 nimmt keine neuen Ordner an (keine Berechtigung, ein schreibgeschützter Datenträger oder ein Systemordner).</translation>
    </message>
    <message>
        <source>%1 is not empty: choose a new or empty folder (a release never writes over files).</source>
        <translation>%1 ist nicht leer: Wählen Sie einen neuen oder leeren Ordner (eine Veröffentlichung überschreibt nie Dateien).</translation>
    </message>
</context>
<context>
    <name>ProblemText</name>
    <message>
        <source>The stream starts at the earliest date in the data, which is private: type a public start above unless that date is public knowledge.</source>
        <translation>Der Strom beginnt mit dem frühesten Datum in den Daten, das privat ist: Geben Sie oben einen öffentlichen Start ein, sofern dieses Datum nicht öffentlich bekannt ist.</translation>
    </message>
    <message>
        <source>The stream starts at the earliest date in the data, which is private: type a public start in Import settings unless that date is public knowledge.</source>
        <translation>Der Strom beginnt mit dem frühesten Datum in den Daten, das privat ist: Geben Sie unter Importeinstellungen einen öffentlichen Start ein, sofern dieses Datum nicht öffentlich bekannt ist.</translation>
    </message>
    <message>
        <source>The stream would end with the latest period in the data%1, which is private: type a public end above, or tick that this period is public.</source>
        <translation>Der Strom würde mit der letzten Periode in den Daten%1 enden; sie ist privat: Geben Sie oben ein öffentliches Ende ein oder bestätigen Sie, dass diese Periode öffentlich ist.</translation>
    </message>
    <message>
        <source>The stream would end with the latest period in the data%1, which is private: type a public end in Import settings, or tick there that this period is public. Runs are refused until then.</source>
        <translation>Der Strom würde mit der letzten Periode in den Daten%1 enden; sie ist privat: Geben Sie unter Importeinstellungen ein öffentliches Ende ein oder bestätigen Sie dort, dass diese Periode öffentlich ist. Bis dahin werden Läufe abgelehnt.</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>1 row</source>
        <translation>1 Zeile</translation>
    </message>
    <message>
        <source>%1 rows</source>
        <translation>%1 Zeilen</translation>
    </message>
    <message>
        <source>e.g. %1</source>
        <translation>z. B. %1</translation>
    </message>
</context>
<context>
    <name>PublicRowsText</name>
    <message>
        <source>Large attributes: rows per %1</source>
        <translation>Große Attribute: Zeilen pro %1</translation>
    </message>
    <message>
        <source>In release mode, which labels a release keeps must not depend on how many rows each %1 of your table holds: those counts are private.

How many rows do you expect per %1, as public knowledge (for example from a published count)? The proposal&apos;s figures are computed from this number.</source>
        <translation>Im Veröffentlichungsmodus darf nicht davon abhängen, wie viele Zeilen Ihre Tabelle pro %1 enthält, welche Labels eine Veröffentlichung behält: Diese Zahlen sind privat.

Wie viele Zeilen erwarten Sie pro %1 als öffentliches Wissen (zum Beispiel aus einer veröffentlichten Zählung)? Die Angaben des Vorschlags werden aus dieser Zahl berechnet.</translation>
    </message>
    <message>
        <source>Propose</source>
        <translation>Vorschlagen</translation>
    </message>
</context>
<context>
    <name>SupportText</name>
    <message>
        <source>about %1 rows per cell each %2 against noise of about ±%3 per cell (%4 cells, counted once every %5 batches)</source>
        <translation>etwa %1 Zeilen je Zelle pro %2 gegen ein Rauschen von etwa ±%3 je Zelle (%4 Zellen, einmal alle %5 Stapel gezählt)</translation>
    </message>
    <message>
        <source>about %1 rows per cell each %2 against noise of about ±%3 per cell (%4 cells)</source>
        <translation>etwa %1 Zeilen je Zelle pro %2 gegen ein Rauschen von etwa ±%3 je Zelle (%4 Zellen)</translation>
    </message>
    <message>
        <source>endless</source>
        <translation>unbegrenzt viele</translation>
    </message>
    <message>
        <source>%1: %2; it shows only after about %3 of the stream&apos;s %4 steps</source>
        <translation>%1: %2; es zeigt sich erst nach etwa %3 der %4 Schritte des Datenstroms</translation>
    </message>
    <message>
        <source>%1 cannot be learnt on this stream: %2; it would take about %3 steps and the stream has %4, so expect it close to uniform in the releases</source>
        <translation>%1 ist in diesem Datenstrom nicht erlernbar: %2; dafür bräuchte es etwa %3 Schritte, der Datenstrom hat %4, es wird in den Veröffentlichungen also nahezu gleichverteilt sein</translation>
    </message>
    <message>
        <source>%1 (about %2 rows per cell against ±%3)</source>
        <translation>%1 (etwa %2 Zeilen je Zelle gegen ±%3)</translation>
    </message>
    <message numerus="yes">
        <source>%1: each %2 is fitted from its own rows only, so no %2 can show %n attribute(s), which will look close to uniform, or like noise, in its releases: %3</source>
        <translation>
            <numerusform>%1: jeder %2 wird nur aus seinen eigenen Zeilen gefittet, daher kann kein %2 %n Attribut zeigen; es wird in seinen Veröffentlichungen nahezu gleichverteilt oder wie Rauschen aussehen: %3</numerusform>
            <numerusform>%1: jeder %2 wird nur aus seinen eigenen Zeilen gefittet, daher kann kein %2 %n Attribute zeigen; sie werden in seinen Veröffentlichungen nahezu gleichverteilt oder wie Rauschen aussehen: %3</numerusform>
        </translation>
    </message>
    <message>
        <source>step</source>
        <translation>Schritt</translation>
    </message>
    <message>
        <source>proposed streamer</source>
        <translation>vorgeschlagener Streamer</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>Differentially private synthetic tabular streams.</source>
        <translation>Differentiell private synthetische tabellarische Datenströme.</translation>
    </message>
    <message>
        <source>Start the run as soon as the stream is open.</source>
        <translation>Den Lauf starten, sobald der Strom geöffnet ist.</translation>
    </message>
    <message>
        <source>A table (CSV/TSV) or a session file to open.</source>
        <translation>Eine zu öffnende Tabelle (CSV/TSV) oder Sitzungsdatei.</translation>
    </message>
    <message>
        <source>Quit as soon as the stream is open; exit status 0 only if it opened.</source>
        <translation>Beenden, sobald der Strom geöffnet ist; Exit-Status 0 nur, wenn er sich öffnen ließ.</translation>
    </message>
</context>
<context>
    <name>streamsynth::ui::ChartLegend</name>
    <message>
        <source>%1: click to hide or show this series in every chart</source>
        <translation>%1: Klicken blendet diese Reihe in allen Diagrammen aus oder ein</translation>
    </message>
    <message>
        <source>Series %1</source>
        <translation>Reihe %1</translation>
    </message>
</context>
<context>
    <name>streamsynth::ui::ChartsView</name>
    <message>
        <source>Relative error:</source>
        <translation>Relativer Fehler:</translation>
    </message>
    <message>
        <source>Reset zoom</source>
        <translation>Zoom zurücksetzen</translation>
    </message>
    <message>
        <source>Export charts</source>
        <translation>Diagramme exportieren</translation>
    </message>
    <message>
        <source>All four as PNG…</source>
        <translation>Alle vier als PNG…</translation>
    </message>
    <message>
        <source>All four as SVG…</source>
        <translation>Alle vier als SVG…</translation>
    </message>
    <message>
        <source>No series yet: press Run.</source>
        <translation>Noch keine Reihen: „Ausführen“ drücken.</translation>
    </message>
    <message>
        <source>StreamSynth charts</source>
        <translation>StreamSynth-Diagramme</translation>
    </message>
    <message>
        <source>Error metrics computed from private data: not for publication.</source>
        <translation>Fehlermaße aus privaten Daten berechnet: nicht zur Veröffentlichung.</translation>
    </message>
    <message>
        <source>SVG images (*.svg)</source>
        <translation>SVG-Bilder (*.svg)</translation>
    </message>
    <message>
        <source>PNG images (*.png)</source>
        <translation>PNG-Bilder (*.png)</translation>
    </message>
    <message>
        <source>Y scale:</source>
        <translation>Y-Skala:</translation>
    </message>
    <message>
        <source>log for relative errors</source>
        <translation>logarithmisch für relative Fehler</translation>
    </message>
    <message>
        <source>all linear</source>
        <translation>alle linear</translation>
    </message>
    <message>
        <source>all log</source>
        <translation>alle logarithmisch</translation>
    </message>
    <message>
        <source>Log axes keep one large spike from flattening the other lines; the relative errors use one by default.</source>
        <translation>Logarithmische Achsen verhindern, dass ein einzelner großer Ausschlag die anderen Linien plattdrückt; die relativen Fehler nutzen sie standardmäßig.</translation>
    </message>
    <message>
        <source>Drag a rectangle on a chart to zoom; this button (or a chart&apos;s right-click menu) resets.</source>
        <translation>Ziehen Sie ein Rechteck in einem Diagramm, um zu vergrößern; diese Schaltfläche (oder das Rechtsklickmenü eines Diagramms) setzt zurück.</translation>
    </message>
    <message>
        <source>Save the charts as images, named by metric, with the legend</source>
        <translation>Die Diagramme als Bilder speichern, nach Kennzahl benannt, mit der Legende</translation>
    </message>
    <message>
        <source>%1 as PNG…</source>
        <translation>%1 als PNG…</translation>
    </message>
    <message>
        <source>%1 as SVG…</source>
        <translation>%1 als SVG…</translation>
    </message>
    <message>
        <source>the image could not be encoded</source>
        <translation>das Bild konnte nicht kodiert werden</translation>
    </message>
    <message>
        <source>this build has no SVG support</source>
        <translation>dieser Build unterstützt kein SVG</translation>
    </message>
    <message>
        <source>Could not write %1: %2</source>
        <translation>%1 konnte nicht geschrieben werden: %2</translation>
    </message>
    <message>
        <source>cell by cell (paper)</source>
        <translation>Zelle für Zelle (Artikel)</translation>
    </message>
    <message>
        <source>over the whole table (stable)</source>
        <translation>über die ganze Tabelle (stabil)</translation>
    </message>
    <message>
        <source>Cell by cell (the paper&apos;s RelWE): each cell&apos;s error relative to its true count, dominated by cells holding one or two true rows. Over the whole table (RelL1): the total error relative to the total, twice the total variation distance.</source>
        <translation>Zelle für Zelle (RelWE des Artikels): der Fehler jeder Zelle relativ zu ihrer wahren Anzahl, beherrscht von Zellen mit ein oder zwei wahren Zeilen. Über die ganze Tabelle (RelL1): der Gesamtfehler relativ zur Gesamtzahl, das Doppelte des Totalvariationsabstands.</translation>
    </message>
    <message>
        <source>Wrote %1: error metrics computed from the private data, not for publication (readable by you only)</source>
        <translation>%1 geschrieben: Fehlermaße aus den privaten Daten, nicht zur Veröffentlichung (nur für Sie lesbar)</translation>
    </message>
    <message>
        <source>Nothing to export yet: the charts fill when a run starts</source>
        <translation>Noch nichts zu exportieren: Die Diagramme füllen sich, sobald ein Lauf beginnt</translation>
    </message>
</context>
<context>
    <name>streamsynth::ui::CoarseningDialog</name>
    <message>
        <source>Large attributes</source>
        <translation>Große Attribute</translation>
    </message>
    <message>
        <source> labels + &lt;other&gt;</source>
        <translation> Labels + &lt;other&gt;</translation>
    </message>
    <message>
        <source>Share of the budget for the choice:</source>
        <translation>Budgetanteil für die Wahl:</translation>
    </message>
    <message>
        <source>The share of each series&apos; budget the DP choice of the kept labels spends (the CLI&apos;s --coarsen-share). Not spent when every accepted attribute keeps public labels.</source>
        <translation>Der Anteil am Budget jeder Serie, den die DP-Wahl der behaltenen Labels verbraucht (--coarsen-share der CLI). Nicht verbraucht, wenn jedes angenommene Attribut öffentliche Labels behält.</translation>
    </message>
    <message>
        <source>Known labels…</source>
        <translation>Bekannte Labels…</translation>
    </message>
    <message>
        <source>Parents…</source>
        <translation>Oberbegriffe…</translation>
    </message>
    <message>
        <source>Read a public hierarchy (a CSV file of label,parent lines) you confirm: each label becomes its parent, labels without a parent become &lt;other&gt;. No budget spent.</source>
        <translation>Eine öffentliche Hierarchie lesen, die Sie bestätigen (eine CSV-Datei mit Zeilen label,parent): Jedes Label wird zu seinem Oberbegriff, Labels ohne Oberbegriff werden &lt;other&gt;. Kein Budget verbraucht.</translation>
    </message>
    <message>
        <source>Parents of %1</source>
        <translation>Oberbegriffe von %1</translation>
    </message>
    <message>
        <source>Parents from %1: %2 labels to %3 parents (no budget spent)</source>
        <translation>Oberbegriffe aus %1: %2 Labels zu %3 Oberbegriffen (kein Budget verbraucht)</translation>
    </message>
    <message>
        <source>Tick labels you know to be public: they are kept instead of the DP choice, at no charge.</source>
        <translation>Kreuzen Sie Labels an, die Sie als öffentlich kennen: Sie werden statt der DP-Wahl ohne Kosten behalten.</translation>
    </message>
    <message>
        <source>Nothing is chosen by DP: no budget is spent on the kept labels.</source>
        <translation>Nichts wird per DP gewählt: Für die behaltenen Labels wird kein Budget verbraucht.</translation>
    </message>
    <message>
        <source>The DP choice of the kept labels of %1 spends %2 of each series&apos; budget once, before step 1; the figures above are for this share.</source>
        <translation>Die DP-Wahl der behaltenen Labels von %1 verbraucht einmal, vor Schritt 1, %2 des Budgets jeder Serie; die Zahlen oben gelten für diesen Anteil.</translation>
    </message>
    <message>
        <source>Public labels: %1 (no budget spent)</source>
        <translation>Öffentliche Labels: %1 (kein Budget verbraucht)</translation>
    </message>
    <message>
        <source>Merge the %2 bins of %1 into</source>
        <translation>Die %2 Klassen von %1 zusammenlegen zu</translation>
    </message>
    <message>
        <source> bins (public edges)</source>
        <translation> Klassen (öffentliche Grenzen)</translation>
    </message>
    <message>
        <source>Parents of %1: a CSV file of label,parent lines</source>
        <translation>Oberbegriffe von %1: eine CSV-Datei mit Zeilen label,parent</translation>
    </message>
    <message>
        <source>Hierarchy (label,parent CSV) (*.csv *.txt);;All files (*)</source>
        <translation>Hierarchie (CSV label,parent) (*.csv *.txt);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Format:</source>
        <translation>Format:</translation>
    </message>
    <message>
        <source>One line per label of %1: label,parent (an optional first line label,parent; quotes as in any CSV). The parents become the attribute&apos;s labels, labels without a line become &lt;other&gt;; no budget is spent, because the hierarchy is public.</source>
        <translation>Eine Zeile je Label von %1: label,parent (eine optionale erste Zeile label,parent; Anführungszeichen wie in jeder CSV). Die Oberbegriffe werden die Labels des Attributs, Labels ohne Zeile werden &lt;other&gt;; es wird kein Budget verbraucht, weil die Hierarchie öffentlich ist.</translation>
    </message>
    <message>
        <source>%1

The file needs one line per label: label,parent.</source>
        <translation>%1

Die Datei braucht eine Zeile je Label: label,parent.</translation>
    </message>
    <message>
        <source>%1 labels and missing</source>
        <translation>%1 Labels und fehlend</translation>
    </message>
    <message>
        <source>%1 labels</source>
        <translation>%1 Labels</translation>
    </message>
    <message>
        <source>Coarsen %1 (%2), keeping</source>
        <translation>%1 (%2) vergröbern, behalten:</translation>
    </message>
    <message>
        <source>At this ε and step size the noise drowns these attributes: in the releases they would look nearly evenly spread. Keeping only each attribute&apos;s most frequent labels (the rest become &lt;other&gt;) puts more rows in each cell. Which labels are kept is chosen once, with a small part of the budget, before the first step; the rest of the budget goes to the steps as usual. Labels you know to be public (Known labels…) and a public grouping of the labels (Parents…) cost nothing. Merging neighbouring bins of a number or date column costs nothing too; a merge is ticked where it makes the column supported.</source>
        <translation>Bei diesem ε und dieser Schrittgröße überdeckt das Rauschen diese Attribute: In den Veröffentlichungen sähen sie nahezu gleichmäßig verteilt aus. Nur die häufigsten Labels jedes Attributs zu behalten (der Rest wird zu &lt;other&gt;) bringt mehr Zeilen in jede Zelle. Welche Labels bleiben, wird einmal vor dem ersten Schritt mit einem kleinen Teil des Budgets gewählt; der Rest des Budgets geht wie gewohnt an die Schritte. Labels, von denen Sie wissen, dass sie öffentlich sind (Bekannte Labels…), und eine öffentliche Gruppierung der Labels (Oberbegriffe…) kosten nichts. Benachbarte Klassen einer Zahlen- oder Datumsspalte zusammenzulegen kostet ebenfalls nichts; eine Zusammenlegung ist angekreuzt, wo sie die Spalte tragfähig macht.</translation>
    </message>
    <message>
        <source>These figures use the private rows per step: for you only.</source>
        <translation>Diese Angaben nutzen die privaten Zeilen pro Schritt: nur für Sie.</translation>
    </message>
    <message>
        <source>step</source>
        <translation>Schritt</translation>
    </message>
    <message>
        <source>These figures use %1 rows per %2, given as public knowledge: the table&apos;s own counts are not read.</source>
        <translation>Diese Angaben nutzen %1 Zeilen pro %2, als öffentliches Wissen angegeben: Die Zählungen der Tabelle selbst werden nicht gelesen.</translation>
    </message>
</context>
<context>
    <name>streamsynth::ui::ContinueEndDialog</name>
    <message>
        <source>Public end of the grown stream</source>
        <translation>Öffentliches Ende des gewachsenen Stroms</translation>
    </message>
    <message>
        <source>The session&apos;s stream ends with the period containing %1. Rows after the end are left out: to release new periods, give a later public end.</source>
        <translation>Der Strom der Sitzung endet mit der Periode, die %1 enthält. Zeilen nach dem Ende werden ausgelassen: Um neue Perioden zu veröffentlichen, geben Sie ein späteres öffentliches Ende an.</translation>
    </message>
    <message numerus="yes">
        <source>The session&apos;s stream ends after %n step(s). Rows after the end are left out: to release new periods, give a later public end.</source>
        <translation>
            <numerusform>Der Strom der Sitzung endet nach %n Schritt. Zeilen nach dem Ende werden ausgelassen: Um neue Perioden zu veröffentlichen, geben Sie ein späteres öffentliches Ende an.</numerusform>
            <numerusform>Der Strom der Sitzung endet nach %n Schritten. Zeilen nach dem Ende werden ausgelassen: Um neue Perioden zu veröffentlichen, geben Sie ein späteres öffentliches Ende an.</numerusform>
        </translation>
    </message>
    <message>
        <source>The session&apos;s stream has no public end of its own. Rows after the end are left out: give the grown table&apos;s public end.</source>
        <translation>Der Strom der Sitzung hat kein eigenes öffentliches Ende. Zeilen nach dem Ende werden ausgelassen: Geben Sie das öffentliche Ende der gewachsenen Tabelle an.</translation>
    </message>
    <message>
        <source>e.g. 2011-06-30</source>
        <translation>z. B. 2011-06-30</translation>
    </message>
    <message>
        <source>The public end of the grown stream: the last step is the period containing it.</source>
        <translation>Das öffentliche Ende des gewachsenen Stroms: Der letzte Schritt ist die Periode, die es enthält.</translation>
    </message>
    <message>
        <source>Public end:</source>
        <translation>Öffentliches Ende:</translation>
    </message>
    <message>
        <source>or: the latest period in the grown data is public</source>
        <translation>oder: die letzte Periode in den gewachsenen Daten ist öffentlich</translation>
    </message>
    <message>
        <source>The grown table&apos;s latest date is private: tick only if its period is public knowledge.</source>
        <translation>Das späteste Datum der gewachsenen Tabelle ist privat: Nur ankreuzen, wenn seine Periode öffentlich bekannt ist.</translation>
    </message>
</context>
<context>
    <name>streamsynth::ui::CounterCompareView</name>
    <message>
        <source>Steps T:</source>
        <translation>Schritte T:</translation>
    </message>
    <message>
        <source>Repetitions:</source>
        <translation>Wiederholungen:</translation>
    </message>
    <message>
        <source>Block size B:</source>
        <translation>Blockgröße B:</translation>
    </message>
    <message>
        <source>Log scale</source>
        <translation>Logarithmische Skala</translation>
    </message>
    <message>
        <source>Compare</source>
        <translation>Vergleichen</translation>
    </message>
    <message>
        <source>Simulating…</source>
        <translation>Simuliere…</translation>
    </message>
    <message>
        <source>t</source>
        <translation>t</translation>
    </message>
    <message>
        <source>error (counts)</source>
        <translation>Fehler (Anzahlen)</translation>
    </message>
    <message>
        <source>%1 simulated</source>
        <translation>%1 simuliert</translation>
    </message>
    <message>
        <source>%1 theory</source>
        <translation>%1 Theorie</translation>
    </message>
    <message>
        <source>Simulated on random 0/1 increments: no private data is used. Lines with markers: simulated RMSE; thin dotted: theoretical std.</source>
        <translation>Simuliert mit zufälligen 0/1-Zuwächsen: Es werden keine privaten Daten verwendet. Linien mit Markierungen: simulierter RMSE; dünn gepunktet: theoretische Standardabweichung.</translation>
    </message>
    <message>
        <source>Compare this continual counter (Help ▸ Guide, Continual counters)</source>
        <translation>Diesen fortlaufenden Zähler vergleichen (Hilfe ▸ Anleitung, Fortlaufende Zähler)</translation>
    </message>
    <message>
        <source>Horizon T: steps simulated (the tree counters&apos; horizon too)</source>
        <translation>Horizont T: simulierte Schritte (auch der Horizont der Baumzähler)</translation>
    </message>
    <message>
        <source>Repetitions of the simulation: more give a smoother RMSE</source>
        <translation>Wiederholungen der Simulation: mehr ergeben einen glatteren RMSE</translation>
    </message>
    <message>
        <source>B: steps per block of the block counter (about √T is best)</source>
        <translation>B: Schritte je Block des Blockzählers (etwa √T ist am besten)</translation>
    </message>
    <message>
        <source>Log y axis</source>
        <translation>Logarithmische y-Achse</translation>
    </message>
    <message>
        <source>Simulate the chosen counters on random 0/1 increments (no private data)</source>
        <translation>Die gewählten Zähler mit zufälligen 0/1-Zuwächsen simulieren (keine privaten Daten)</translation>
    </message>
    <message>
        <source>Counter error over t</source>
        <translation>Zählerfehler über t</translation>
    </message>
    <message>
        <source>Elders arity K:</source>
        <translation>Elders-Stelligkeit K:</translation>
    </message>
    <message>
        <source>Only under ρ-zCDP: this factorisation has no pure ε-DP calibration (the L1 norm of its noise&apos;s columns grows without bound, like √T).</source>
        <translation>Nur unter ρ-zCDP: diese Faktorisierung hat keine Kalibrierung für reine ε-DP (die L1-Norm der Spalten ihres Rauschens wächst unbeschränkt, wie √T).</translation>
    </message>
    <message>
        <source>Give one budget for the comparison.</source>
        <translation>Für den Vergleich genau ein Budget angeben.</translation>
    </message>
    <message>
        <source>pure ε-DP, ε = %1</source>
        <translation>reine ε-DP, ε = %1</translation>
    </message>
    <message>
        <source>ρ-zCDP, %1</source>
        <translation>ρ-zCDP, %1</translation>
    </message>
    <message>
        <source>The counter&apos;s budget, one value: the measurement share ε/(2k) of a run&apos;s ε (or its ρ under zCDP)</source>
        <translation>Das Budget des Zählers, ein Wert: der Messanteil ε/(2k) des ε eines Laufs (oder seines ρ unter zCDP)</translation>
    </message>
    <message>
        <source>K: arity of the elders counter&apos;s tree (odd, 3 to 63)</source>
        <translation>K: Stelligkeit des Baums des Elders-Zählers (ungerade, 3 bis 63)</translation>
    </message>
    <message>
        <source>The settings changed (T = %1): Compare simulates them.</source>
        <translation>Die Einstellungen haben sich geändert (T = %1): Vergleichen simuliert sie.</translation>
    </message>
</context>
<context>
    <name>streamsynth::ui::DataPanel</name>
    <message>
        <source>File:</source>
        <translation>Datei:</translation>
    </message>
    <message>
        <source>Rows:</source>
        <translation>Zeilen:</translation>
    </message>
    <message>
        <source>Attributes:</source>
        <translation>Attribute:</translation>
    </message>
    <message>
        <source>Steps:</source>
        <translation>Schritte:</translation>
    </message>
    <message>
        <source>Rows per step:</source>
        <translation>Zeilen pro Schritt:</translation>
    </message>
    <message>
        <source>Stream:</source>
        <translation>Strom:</translation>
    </message>
    <message>
        <source>Attributes and their domain sizes (number of codes).</source>
        <translation>Attribute und ihre Domänengrößen (Anzahl der Codes).</translation>
    </message>
    <message>
        <source>Import settings…</source>
        <translation>Importeinstellungen…</translation>
    </message>
    <message>
        <source>(no table)</source>
        <translation>(keine Tabelle)</translation>
    </message>
    <message>
        <source>min %1 · median %2 · max %3</source>
        <translation>min. %1 · Median %2 · max. %3</translation>
    </message>
    <message>
        <source>%1 · %2 · %3 codes</source>
        <translation>%1 · %2 · %3 Codes</translation>
    </message>
    <message>
        <source>The domain was derived from the data and confirmed as public.</source>
        <translation>Die Domäne wurde aus den Daten abgeleitet und als öffentlich bestätigt.</translation>
    </message>
    <message>
        <source>Confirm the public domain and choose how rows become steps (time column and period, or batches)</source>
        <translation>Die öffentliche Domäne bestätigen und festlegen, wie aus Zeilen Schritte werden (Zeitspalte und Periode oder Stapel)</translation>
    </message>
    <message>
        <source>%1 (%2 pairs of attributes to track)</source>
        <translation>%1 (%2 Attributpaare zu verfolgen)</translation>
    </message>
    <message>
        <source>Domain: about 10^%1 possible rows (cells); %2 two-way workloads, the pairs of attributes whose counts the releases track.</source>
        <translation>Domäne: etwa 10^%1 mögliche Zeilen (Zellen); %2 Zwei-Wege-Workloads, die Attributpaare, deren Zählungen die Veröffentlichungen verfolgen.</translation>
    </message>
    <message>
        <source>Who the guarantee protects: each row, or each unit of a key column with a public bound on its rows (Import settings… ▸ Who is protected).</source>
        <translation>Wen die Garantie schützt: jede Zeile, oder jede Einheit einer Schlüsselspalte mit einer öffentlichen Schranke für ihre Zeilen (Importeinstellungen… ▸ Wer geschützt ist).</translation>
    </message>
    <message>
        <source>Protects:</source>
        <translation>Schützt:</translation>
    </message>
    <message>
        <source>each unit of %1, at most %2 rows over the stream, %3 in one step</source>
        <translation>jede Einheit von %1, höchstens %2 Zeilen über den Strom, %3 in einem Schritt</translation>
    </message>
    <message>
        <source>each row (event level)</source>
        <translation>jede Zeile (Ereignisebene)</translation>
    </message>
    <message>
        <source>%1 (%2 left out)</source>
        <translation>%1 (%2 ausgelassen)</translation>
    </message>
    <message>
        <source>The bound on each unit&apos;s rows leaves out %1 of the file&apos;s %2 rows; the releases count the other %3. Computed from the private data: for you only.</source>
        <translation>Die Schranke für die Zeilen jeder Einheit lässt %1 der %2 Zeilen der Datei aus; die Veröffentlichungen zählen die übrigen %3. Aus den privaten Daten berechnet: nur für Sie.</translation>
    </message>
</context>
<context>
    <name>streamsynth::ui::DatabaseDialog</name>
    <message>
        <source>Steps</source>
        <translation>Schritte</translation>
    </message>
    <message>
        <source>Time column:</source>
        <translation>Zeitspalte:</translation>
    </message>
    <message>
        <source>Period:</source>
        <translation>Periode:</translation>
    </message>
    <message>
        <source>public start, e.g. 2015-01-01 (empty: the earliest date, to be confirmed)</source>
        <translation>öffentlicher Beginn, z. B. 2015-01-01 (leer: das früheste Datum, zu bestätigen)</translation>
    </message>
    <message>
        <source>Start:</source>
        <translation>Beginn:</translation>
    </message>
    <message>
        <source>public end, e.g. 2023-12-31 (empty: the latest date, to be confirmed)</source>
        <translation>öffentliches Ende, z. B. 2023-12-31 (leer: das späteste Datum, zu bestätigen)</translation>
    </message>
    <message>
        <source>End:</source>
        <translation>Ende:</translation>
    </message>
    <message>
        <source>Batches of:</source>
        <translation>Stapel zu:</translation>
    </message>
    <message>
        <source>A unique whole-number column; batches follow the MD5 of seed and key (hash order)</source>
        <translation>Eine Spalte mit eindeutigen ganzen Zahlen; die Stapel folgen dem MD5 von Startwert und Schlüssel (Hash-Reihenfolge)</translation>
    </message>
    <message>
        <source>Key column:</source>
        <translation>Schlüsselspalte:</translation>
    </message>
    <message>
        <source>Order seed:</source>
        <translation>Startwert der Reihenfolge:</translation>
    </message>
    <message>
        <source>Open database</source>
        <translation>Datenbank öffnen</translation>
    </message>
    <message>
        <source>PostgreSQL</source>
        <translation>PostgreSQL</translation>
    </message>
    <message>
        <source>postgresql://user@host:port/database — the password comes from the password file (PGPASSFILE, ~/.pgpass) or is asked for; it is never stored or shown</source>
        <translation>postgresql://benutzer@host:port/datenbank — das Passwort kommt aus der Passwortdatei (PGPASSFILE, ~/.pgpass) oder wird abgefragt; es wird nie gespeichert oder angezeigt</translation>
    </message>
    <message>
        <source>Connection:</source>
        <translation>Verbindung:</translation>
    </message>
    <message>
        <source>Table:</source>
        <translation>Tabelle:</translation>
    </message>
    <message>
        <source>Query:</source>
        <translation>Abfrage:</translation>
    </message>
    <message>
        <source>Test connection</source>
        <translation>Verbindung testen</translation>
    </message>
    <message>
        <source>Public domain</source>
        <translation>Öffentliche Domäne</translation>
    </message>
    <message>
        <source>Schema file:</source>
        <translation>Schemadatei:</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>Durchsuchen…</translation>
    </message>
    <message>
        <source>Propose from the data:</source>
        <translation>Aus den Daten vorschlagen:</translation>
    </message>
    <message>
        <source>Propose</source>
        <translation>Vorschlagen</translation>
    </message>
    <message>
        <source>This domain is derived from the data: I confirm that its categories, bounds (and the stream&apos;s first and last dates, if no start or end is given) are public knowledge</source>
        <translation>Diese Domäne ist aus den Daten abgeleitet: Ich bestätige, dass ihre Kategorien, Grenzen (und das erste und letzte Datum des Stroms, falls kein Beginn oder Ende angegeben ist) öffentlich bekannt sind</translation>
    </message>
    <message>
        <source>Schema</source>
        <translation>Schema</translation>
    </message>
    <message>
        <source>Schema files (*.json)</source>
        <translation>Schemadateien (*.json)</translation>
    </message>
    <message>
        <source>Database password</source>
        <translation>Datenbankpasswort</translation>
    </message>
    <message>
        <source>Password for %1:</source>
        <translation>Passwort für %1:</translation>
    </message>
    <message>
        <source>Connected: %1 columns. Choose a schema file or propose the domain.</source>
        <translation>Verbunden: %1 Spalten. Wählen Sie eine Schemadatei oder lassen Sie die Domäne vorschlagen.</translation>
    </message>
    <message>
        <source>Connected to %1: %2 rows in %3 steps.</source>
        <translation>Verbunden mit %1: %2 Zeilen in %3 Schritten.</translation>
    </message>
    <message>
        <source>Cannot open: %1</source>
        <translation>Öffnen nicht möglich: %1</translation>
    </message>
    <message>
        <source>Derived from the data — check before confirming it is public:
</source>
        <translation>Aus den Daten abgeleitet — prüfen Sie dies, bevor Sie bestätigen, dass es öffentlich ist:
</translation>
    </message>
    <message>
        <source>Cannot propose a domain: %1</source>
        <translation>Die Domäne kann nicht vorgeschlagen werden: %1</translation>
    </message>
</context>
<context>
    <name>streamsynth::ui::DocumentController</name>
    <message>
        <source>bundled Adult stream</source>
        <translation>mitgelieferter Adult-Strom</translation>
    </message>
    <message>
        <source>session %1</source>
        <translation>Sitzung %1</translation>
    </message>
    <message>
        <source>StreamSynth</source>
        <translation>StreamSynth</translation>
    </message>
    <message>
        <source>StreamSynth — %1</source>
        <translation>StreamSynth — %1</translation>
    </message>
    <message>
        <source>A run is in progress</source>
        <translation>Ein Lauf ist im Gange</translation>
    </message>
    <message>
        <source>A run is in progress. Stop it to %1? The step in progress is abandoned; finished steps and their releases are kept.</source>
        <translation>Ein Lauf ist im Gange. Anhalten, um %1? Der laufende Schritt wird verworfen; fertige Schritte und ihre Veröffentlichungen bleiben erhalten.</translation>
    </message>
    <message>
        <source>Stop the run</source>
        <translation>Lauf anhalten</translation>
    </message>
    <message>
        <source>Keep running</source>
        <translation>Weiterlaufen lassen</translation>
    </message>
    <message>
        <source>Kept the run going instead of: %1</source>
        <translation>Lauf fortgesetzt statt: %1</translation>
    </message>
    <message>
        <source>Releases of the release-mode run</source>
        <translation>Veröffentlichungen des Laufs im Veröffentlichungsmodus</translation>
    </message>
    <message>
        <source>Export a copy…</source>
        <translation>Kopie exportieren…</translation>
    </message>
    <message>
        <source>Keep them in that folder</source>
        <translation>Im Ordner lassen</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Release-mode releases kept in %1 (session %2)</source>
        <translation>Veröffentlichungen aus dem Veröffentlichungsmodus liegen in %1 (Sitzung %2)</translation>
    </message>
    <message numerus="yes">
        <source>&lt;p&gt;The release-mode run released %n step(s): their privacy budget is spent and they cannot be released again.&lt;/p&gt;&lt;p&gt;Its releases and its session (saved before each step&apos;s files) are kept in&lt;br&gt;&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;StreamSynth never deletes them. Export a copy now, or keep them in that folder, before you %2?&lt;/p&gt;</source>
        <translation>
            <numerusform>&lt;p&gt;Der Lauf im Veröffentlichungsmodus hat %n Schritt veröffentlicht: Sein Datenschutzbudget ist verbraucht, und er kann nicht noch einmal veröffentlicht werden.&lt;/p&gt;&lt;p&gt;Seine Veröffentlichungen und seine Sitzung (vor den Dateien jedes Schritts gespeichert) liegen in&lt;br&gt;&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;StreamSynth löscht sie nie. Jetzt eine Kopie exportieren oder sie in diesem Ordner lassen, bevor Sie %2?&lt;/p&gt;</numerusform>
            <numerusform>&lt;p&gt;Der Lauf im Veröffentlichungsmodus hat %n Schritte veröffentlicht: Ihr Datenschutzbudget ist verbraucht, und sie können nicht noch einmal veröffentlicht werden.&lt;/p&gt;&lt;p&gt;Seine Veröffentlichungen und seine Sitzung (vor den Dateien jedes Schritts gespeichert) liegen in&lt;br&gt;&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;StreamSynth löscht sie nie. Jetzt eine Kopie exportieren oder sie in diesem Ordner lassen, bevor Sie %2?&lt;/p&gt;</numerusform>
        </translation>
    </message>
    <message>
        <source>Save your work?</source>
        <translation>Arbeit speichern?</translation>
    </message>
    <message numerus="yes">
        <source>&lt;p&gt;%n step(s) of the last run are not saved in a session. Without a session they cannot be continued with new rows, and their results are lost.&lt;/p&gt;&lt;p&gt;Save a session before you %1?&lt;/p&gt;</source>
        <translation>
            <numerusform>&lt;p&gt;%n Schritt des letzten Laufs ist in keiner Sitzung gespeichert. Ohne Sitzung kann er nicht mit neuen Zeilen fortgesetzt werden, und seine Ergebnisse gehen verloren.&lt;/p&gt;&lt;p&gt;Eine Sitzung speichern, bevor Sie %1?&lt;/p&gt;</numerusform>
            <numerusform>&lt;p&gt;%n Schritte des letzten Laufs sind in keiner Sitzung gespeichert. Ohne Sitzung können sie nicht mit neuen Zeilen fortgesetzt werden, und ihre Ergebnisse gehen verloren.&lt;/p&gt;&lt;p&gt;Eine Sitzung speichern, bevor Sie %1?&lt;/p&gt;</numerusform>
        </translation>
    </message>
    <message>
        <source>Save session…</source>
        <translation>Sitzung speichern…</translation>
    </message>
    <message>
        <source>Don&apos;t save</source>
        <translation>Nicht speichern</translation>
    </message>
    <message numerus="yes">
        <source>Not saved: %n step(s) of the last run, before you %1</source>
        <translation>
            <numerusform>Nicht gespeichert: %n Schritt des letzten Laufs, bevor Sie %1</numerusform>
            <numerusform>Nicht gespeichert: %n Schritte des letzten Laufs, bevor Sie %1</numerusform>
        </translation>
    </message>
    <message>
        <source>bundled admissions stream</source>
        <translation>mitgelieferter Aufnahmen-Datenstrom</translation>
    </message>
    <message>
        <source>A copy of them was exported to %1</source>
        <translation>Eine Kopie davon wurde nach %1 exportiert</translation>
    </message>
</context>
<context>
    <name>streamsynth::ui::ExperimentPanel</name>
    <message>
        <source>All 2-way marginals</source>
        <translation>Alle 2-Weg-Randverteilungen</translation>
    </message>
    <message>
        <source>All 3-way marginals</source>
        <translation>Alle 3-Weg-Randverteilungen</translation>
    </message>
    <message>
        <source>Workloads:</source>
        <translation>Workloads:</translation>
    </message>
    <message>
        <source>k (rounds):</source>
        <translation>k (Runden):</translation>
    </message>
    <message>
        <source>Fit engine:</source>
        <translation>Anpassungsverfahren:</translation>
    </message>
    <message>
        <source>Fit iterations:</source>
        <translation>Anpassungsiterationen:</translation>
    </message>
    <message>
        <source>Selection score:</source>
        <translation>Auswahlbewertung:</translation>
    </message>
    <message>
        <source>Seed:</source>
        <translation>Startwert:</translation>
    </message>
    <message>
        <source>Choose at least one series to run.</source>
        <translation>Mindestens eine Reihe auswählen.</translation>
    </message>
    <message>
        <source>k = %1 is larger than the number of workloads |Q| = %2.</source>
        <translation>k = %1 ist größer als die Anzahl der Workloads |Q| = %2.</translation>
    </message>
    <message>
        <source>Checked 2-way list</source>
        <translation>Ausgewählte 2-Weg-Liste</translation>
    </message>
    <message>
        <source>Choose…</source>
        <translation>Auswählen…</translation>
    </message>
    <message>
        <source>Check the 2-way workloads to run</source>
        <translation>Die auszuführenden 2-Weg-Workloads ankreuzen</translation>
    </message>
    <message>
        <source>Model-size cap: a workload is only selected when the model with it stays within this many cells.</source>
        <translation>Obergrenze der Modellgröße: Ein Workload wird nur ausgewählt, wenn das Modell mit ihm höchstens so viele Zellen hat.</translation>
    </message>
    <message>
        <source>Max model cells:</source>
        <translation>Max. Modellzellen:</translation>
    </message>
    <message>
        <source>The noise variance the score subtracts: of the counter since its last reset, or of the full released answer.</source>
        <translation>Die Rauschvarianz, die die Bewertung abzieht: die des Zählers seit seinem letzten Zurücksetzen oder die der gesamten veröffentlichten Antwort.</translation>
    </message>
    <message>
        <source>Score noise:</source>
        <translation>Bewertungsrauschen:</translation>
    </message>
    <message>
        <source>Selection mechanism:</source>
        <translation>Auswahlmechanismus:</translation>
    </message>
    <message>
        <source>last model</source>
        <translation>letztes Modell</translation>
    </message>
    <message>
        <source>mixture of the step&apos;s models</source>
        <translation>Mischung der Modelle des Schritts</translation>
    </message>
    <message>
        <source>Sample the release from the model after the last round, or from the mixture of the models of all k rounds.</source>
        <translation>Die Veröffentlichung aus dem Modell nach der letzten Runde ziehen oder aus der Mischung der Modelle aller k Runden.</translation>
    </message>
    <message>
        <source>Release from:</source>
        <translation>Veröffentlichen aus:</translation>
    </message>
    <message>
        <source>Checked 2-way list (%1 of %2)</source>
        <translation>Ausgewählte 2-Weg-Liste (%1 von %2)</translation>
    </message>
    <message>
        <source>Check at least one workload (Choose…).</source>
        <translation>Mindestens einen Workload ankreuzen (Auswählen…).</translation>
    </message>
    <message>
        <source>Max model cells must be a number greater than 0 (e.g. 100000 or 1e5).</source>
        <translation>Max. Modellzellen muss eine Zahl größer als 0 sein (z. B. 100000 oder 1e5).</translation>
    </message>
    <message>
        <source>The model-size cap of %1 cells admits no workload: the smallest has %2 cells.</source>
        <translation>Die Modellgrößen-Obergrenze von %1 Zellen lässt keinen Workload zu: der kleinste hat %2 Zellen.</translation>
    </message>
    <message>
        <source>Release mode (publishable releases)</source>
        <translation>Veröffentlichungsmodus (veröffentlichbare Freigaben)</translation>
    </message>
    <message>
        <source>The marginals (workloads) the releases should preserve: every pair or triple of attributes, or a list you check.</source>
        <translation>Die Randverteilungen (Workloads), die die Veröffentlichungen erhalten sollen: jedes Paar oder Tripel von Merkmalen oder eine Liste, die Sie ankreuzen.</translation>
    </message>
    <message>
        <source>k: workloads selected and measured per step. Each takes a share ε/(2k) for its selection and ε/(2k) for its measurement: a larger k measures more marginals, each with more noise.</source>
        <translation>k: je Schritt ausgewählte und gemessene Workloads. Jeder erhält einen Anteil ε/(2k) für seine Auswahl und ε/(2k) für seine Messung: Ein größeres k misst mehr Randverteilungen, jede mit mehr Rauschen.</translation>
    </message>
    <message>
        <source>Most iterations of each fit (more: closer fit, slower). No privacy cost.</source>
        <translation>Höchstzahl der Iterationen je Anpassung (mehr: genauer, langsamer). Ohne Datenschutzkosten.</translation>
    </message>
    <message>
        <source>Makes an evaluation run reproducible. Anyone who knows it can remove the noise: seeded releases are never for publication (Release mode draws from the operating system).</source>
        <translation>Macht einen Auswertungslauf wiederholbar. Wer ihn kennt, kann das Rauschen entfernen: Freigaben mit Seed sind nie zur Veröffentlichung bestimmt (der Veröffentlichungsmodus nutzt das Betriebssystem).</translation>
    </message>
    <message>
        <source>Each checked series runs with every budget: the baseline (plain or carried), and the proposed streamer with each continual counter of the chosen privacy model (see the Counters tab and Help ▸ Guide).</source>
        <translation>Jede angekreuzte Reihe läuft mit jedem Budget: die Basislinie (einfach oder fortgeführt) und das vorgeschlagene Verfahren mit jedem fortlaufenden Zähler des gewählten Datenschutzmodells (siehe Reiter Zähler und Hilfe ▸ Anleitung).</translation>
    </message>
    <message>
        <source>Draw all noise from the operating system&apos;s entropy and use discrete noise for counts (discrete Laplace, or discrete Gaussian under zCDP). Without it the run is reproducible from the seed, and its releases are for evaluation only: anyone who knows the seed can remove the noise. A release-mode run asks for confirmation, spends the budget for good and keeps its releases in a folder of their own; it is off whenever StreamSynth starts.</source>
        <translation>Alles Rauschen aus der Zufallsquelle des Betriebssystems beziehen und diskretes Rauschen für Zählungen verwenden (diskretes Laplace, unter zCDP diskretes Gauß). Ohne diese Option ist der Lauf aus dem Seed reproduzierbar, und seine Freigaben dienen nur der Auswertung: Wer den Seed kennt, kann das Rauschen entfernen. Ein Lauf im Veröffentlichungsmodus verlangt eine Bestätigung, verbraucht das Budget endgültig und bewahrt seine Veröffentlichungen in einem eigenen Ordner auf; bei jedem Start von StreamSynth ist er ausgeschaltet.</translation>
    </message>
    <message>
        <source>Target accuracy…</source>
        <translation>Zielgenauigkeit…</translation>
    </message>
    <message>
        <source>Type the accuracy you need and get the smallest budget that reaches it.</source>
        <translation>Geben Sie die benötigte Genauigkeit ein und erhalten Sie das kleinste Budget, das sie erreicht.</translation>
    </message>
    <message>
        <source>Target accuracy</source>
        <translation>Zielgenauigkeit</translation>
    </message>
    <message>
        <source>Open a table first: the planner needs its domain.</source>
        <translation>Öffnen Sie zuerst eine Tabelle: Die Planung braucht ihre Domäne.</translation>
    </message>
    <message>
        <source>Large attributes…</source>
        <translation>Große Attribute…</translation>
    </message>
    <message>
        <source>Show which large categorical attributes the stream cannot support at this ε and period, what keeping their most frequent labels would give, and accept a coarsening for the next run.</source>
        <translation>Zeigt, welche großen kategorialen Attribute der Strom bei diesem ε und dieser Periode nicht tragen kann und was das Behalten ihrer häufigsten Labels brächte, und übernimmt eine Vergröberung für den nächsten Lauf.</translation>
    </message>
    <message>
        <source>Set a valid budget and series to see what ε means.</source>
        <translation>Ein gültiges Budget und eine Reihe wählen, um zu sehen, was ε bedeutet.</translation>
    </message>
    <message>
        <source>error beyond the noise</source>
        <translation>Fehler über dem Rauschen</translation>
    </message>
    <message>
        <source>as in the paper</source>
        <translation>wie im Artikel</translation>
    </message>
    <message>
        <source>How a workload&apos;s need for measurement is scored before the private selection: its error (L1) minus the noise a measurement would add (default), or the paper&apos;s score (Liu et al.).</source>
        <translation>Wie der Messbedarf einer Arbeitslast vor der privaten Auswahl bewertet wird: ihr Fehler (L1) abzüglich des Rauschens, das eine Messung hinzufügen würde (Standard), oder die Bewertung des Artikels (Liu et al.).</translation>
    </message>
    <message>
        <source>noise since the counter&apos;s last restart</source>
        <translation>Rauschen seit dem letzten Neustart des Zählers</translation>
    </message>
    <message>
        <source>noise of the whole released answer</source>
        <translation>Rauschen der ganzen veröffentlichten Antwort</translation>
    </message>
    <message>
        <source>weighted random draw</source>
        <translation>gewichtete Zufallsziehung</translation>
    </message>
    <message>
        <source>coin flips in random order</source>
        <translation>Münzwürfe in zufälliger Reihenfolge</translation>
    </message>
    <message>
        <source>The private selection of the workload to measure: a random draw weighted by the scores (the exponential mechanism), or candidates tried in random order, each kept by a coin flip weighted by its score (permute-and-flip, never worse in expectation).</source>
        <translation>Die private Auswahl der zu messenden Arbeitslast: eine nach den Bewertungen gewichtete Zufallsziehung (Exponentialmechanismus) oder Kandidaten in zufälliger Reihenfolge, jeder durch einen nach seiner Bewertung gewichteten Münzwurf behalten (Permute-and-Flip, im Erwartungswert nie schlechter).</translation>
    </message>
    <message>
        <source>How the synthetic data is fitted to the noisy marginals.</source>
        <translation>Wie die synthetischen Daten an die verrauschten Randverteilungen angepasst werden.</translation>
    </message>
    <message numerus="yes">
        <source>%n budgets (%1) each run as series of their own; a comma separates budgets (one and a half is 1.5).</source>
        <translation>
            <numerusform>%n Budget (%1) läuft als eigene Reihe; ein Komma trennt Budgets (eineinhalb ist 1.5).</numerusform>
            <numerusform>%n Budgets (%1) laufen je als eigene Reihen; ein Komma trennt Budgets (eineinhalb ist 1.5).</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>streamsynth::ui::ExportController</name>
    <message>
        <source>Export</source>
        <translation>Export</translation>
    </message>
    <message numerus="yes">
        <source>&lt;p&gt;The folder &lt;b&gt;%1&lt;/b&gt; holds %n file(s) that are not an earlier StreamSynth export (%2). An export never writes among other files.&lt;/p&gt;&lt;p&gt;Choose another folder (a new name is fine).&lt;/p&gt;</source>
        <translation>
            <numerusform>&lt;p&gt;Der Ordner &lt;b&gt;%1&lt;/b&gt; enthält %n Datei, die kein früherer StreamSynth-Export ist (%2). Ein Export schreibt nie zwischen andere Dateien.&lt;/p&gt;&lt;p&gt;Wählen Sie einen anderen Ordner (ein neuer Name genügt).&lt;/p&gt;</numerusform>
            <numerusform>&lt;p&gt;Der Ordner &lt;b&gt;%1&lt;/b&gt; enthält %n Dateien, die kein früherer StreamSynth-Export sind (%2). Ein Export schreibt nie zwischen andere Dateien.&lt;/p&gt;&lt;p&gt;Wählen Sie einen anderen Ordner (ein neuer Name genügt).&lt;/p&gt;</numerusform>
        </translation>
    </message>
    <message>
        <source>Choose another folder</source>
        <translation>Anderen Ordner wählen</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message numerus="yes">
        <source>&lt;p&gt;The folder &lt;b&gt;%1&lt;/b&gt; holds an earlier export (%2, %n file(s)).&lt;/p&gt;&lt;p&gt;Replace that export (its files are removed first, so the two never mix), or choose another folder?&lt;/p&gt;</source>
        <translation>
            <numerusform>&lt;p&gt;Der Ordner &lt;b&gt;%1&lt;/b&gt; enthält einen früheren Export (%2, %n Datei).&lt;/p&gt;&lt;p&gt;Diesen Export ersetzen (seine Dateien werden zuerst entfernt, damit sich beide nie mischen) oder einen anderen Ordner wählen?&lt;/p&gt;</numerusform>
            <numerusform>&lt;p&gt;Der Ordner &lt;b&gt;%1&lt;/b&gt; enthält einen früheren Export (%2, %n Dateien).&lt;/p&gt;&lt;p&gt;Diesen Export ersetzen (seine Dateien werden zuerst entfernt, damit sich beide nie mischen) oder einen anderen Ordner wählen?&lt;/p&gt;</numerusform>
        </translation>
    </message>
    <message>
        <source>kept releases</source>
        <translation>aufbewahrte Veröffentlichungen</translation>
    </message>
    <message>
        <source>latest releases and run files</source>
        <translation>letzte Veröffentlichungen und Laufdateien</translation>
    </message>
    <message>
        <source>Replace this export</source>
        <translation>Diesen Export ersetzen</translation>
    </message>
    <message>
        <source>Removed the earlier export in %1</source>
        <translation>Früheren Export in %1 entfernt</translation>
    </message>
    <message>
        <source>Not for publication</source>
        <translation>Nicht zur Veröffentlichung</translation>
    </message>
    <message>
        <source>&lt;p&gt;These releases come from a &lt;b&gt;seeded&lt;/b&gt; run (seed %1): they are &lt;b&gt;not for publication&lt;/b&gt;. Anyone who knows the seed can regenerate the noise and remove it. Their manifests say &lt;tt&gt;&quot;publishable&quot;: false&lt;/tt&gt;.&lt;/p&gt;&lt;p&gt;Export them for evaluation only? For publishable releases, run again with Release mode.&lt;/p&gt;</source>
        <translation>&lt;p&gt;Diese Freigaben stammen aus einem Lauf &lt;b&gt;mit Seed&lt;/b&gt; (Seed %1): Sie sind &lt;b&gt;nicht zur Veröffentlichung&lt;/b&gt; bestimmt. Wer den Seed kennt, kann das Rauschen erzeugen und entfernen. Ihre Manifeste enthalten &lt;tt&gt;&quot;publishable&quot;: false&lt;/tt&gt;.&lt;/p&gt;&lt;p&gt;Nur zur Auswertung exportieren? Für veröffentlichbare Freigaben starten Sie erneut im Veröffentlichungsmodus.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Export, not for publication</source>
        <translation>Exportieren, nicht zur Veröffentlichung</translation>
    </message>
    <message>
        <source>Export %1</source>
        <translation>%1 exportieren</translation>
    </message>
    <message>
        <source>results</source>
        <translation>Ergebnisse</translation>
    </message>
    <message>
        <source>Also the noisy marginals (proposed series)</source>
        <translation>Auch die verrauschten Randverteilungen (vorgeschlagene Reihen)</translation>
    </message>
    <message>
        <source>The counters&apos; differentially private answers at the latest step, with each cell&apos;s standard error (marginals-NNNN.csv and .json beside the release). They cost no budget: the step already released them to the fit.</source>
        <translation>Die differentiell privaten Antworten der Zähler im letzten Schritt, mit dem Standardfehler jeder Zelle (marginals-NNNN.csv und .json neben der Freigabe). Sie kosten kein Budget: Der Schritt hat sie bereits an die Anpassung freigegeben.</translation>
    </message>
    <message>
        <source>Each series&apos; latest release (CSV with labels and a manifest), the metrics, the summary and the ledger, with manifest.json listing every file and its SHA-256.</source>
        <translation>Die letzte Veröffentlichung jeder Reihe (CSV mit Bezeichnungen und einem Manifest), die Kennzahlen, die Zusammenfassung und das Budgetbuch, mit manifest.json, das jede Datei und ihre SHA-256-Prüfsumme auflistet.</translation>
    </message>
    <message>
        <source>releases</source>
        <translation>Veröffentlichungen</translation>
    </message>
    <message numerus="yes">
        <source>%n release(s), one CSV per step with its manifest, and manifest.json listing every file and its SHA-256.</source>
        <translation>
            <numerusform>%n Veröffentlichung, eine CSV je Schritt mit ihrem Manifest, und manifest.json, das jede Datei und ihre SHA-256-Prüfsumme auflistet.</numerusform>
            <numerusform>%n Veröffentlichungen, eine CSV je Schritt mit ihrem Manifest, und manifest.json, das jede Datei und ihre SHA-256-Prüfsumme auflistet.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Exported %n file(s) (%1) to %2, listed with their SHA-256 in manifest.json.</source>
        <translation>
            <numerusform>%n Datei (%1) nach %2 exportiert, mit ihrer SHA-256-Prüfsumme in manifest.json aufgelistet.</numerusform>
            <numerusform>%n Dateien (%1) nach %2 exportiert, mit ihren SHA-256-Prüfsummen in manifest.json aufgelistet.</numerusform>
        </translation>
    </message>
    <message>
        <source>The releases are &lt;b&gt;not for publication&lt;/b&gt; (seeded run).</source>
        <translation>Die Veröffentlichungen sind &lt;b&gt;nicht zur Veröffentlichung&lt;/b&gt; bestimmt (Lauf mit Seed).</translation>
    </message>
    <message>
        <source>metrics.csv and summary.json are computed from the private data: do not publish them.</source>
        <translation>metrics.csv und summary.json werden aus den privaten Daten berechnet: Veröffentlichen Sie sie nicht.</translation>
    </message>
    <message>
        <source>Exported the latest release of %1 to %2 (manifest %3)</source>
        <translation>Letzte Veröffentlichung von %1 nach %2 exportiert (Manifest %3)</translation>
    </message>
    <message numerus="yes">
        <source>%n step(s) skipped: their release is not available</source>
        <translation>
            <numerusform>%n Schritt übersprungen: seine Veröffentlichung ist nicht verfügbar</numerusform>
            <numerusform>%n Schritte übersprungen: ihre Veröffentlichung ist nicht verfügbar</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>streamsynth::ui::ExportFolderDialog</name>
    <message>
        <source>Folder:</source>
        <translation>Ordner:</translation>
    </message>
    <message>
        <source>Type a new folder name (it is created) or choose one; it must be empty or hold an earlier export, which is then replaced after a question.</source>
        <translation>Tippen Sie einen neuen Ordnernamen (er wird angelegt) oder wählen Sie einen; er muss leer sein oder einen früheren Export enthalten, der dann nach einer Rückfrage ersetzt wird.</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>Durchsuchen…</translation>
    </message>
    <message>
        <source>Choose an existing folder</source>
        <translation>Einen vorhandenen Ordner wählen</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>Exportieren</translation>
    </message>
</context>
<context>
    <name>streamsynth::ui::HelpDialog</name>
    <message>
        <source>StreamSynth guide</source>
        <translation>StreamSynth-Anleitung</translation>
    </message>
</context>
<context>
    <name>streamsynth::ui::ImportDialog</name>
    <message>
        <source>day</source>
        <translation>Tag</translation>
    </message>
    <message>
        <source>week</source>
        <translation>Woche</translation>
    </message>
    <message>
        <source>two weeks</source>
        <translation>zwei Wochen</translation>
    </message>
    <message>
        <source>month</source>
        <translation>Monat</translation>
    </message>
    <message>
        <source>quarter</source>
        <translation>Quartal</translation>
    </message>
    <message>
        <source>year</source>
        <translation>Jahr</translation>
    </message>
    <message>
        <source>units (integer time)</source>
        <translation>Einheiten (ganzzahlige Zeit)</translation>
    </message>
    <message>
        <source>Import %1</source>
        <translation>%1 importieren</translation>
    </message>
    <message>
        <source>Domain (public categories, bounds and bins)</source>
        <translation>Domäne (öffentliche Kategorien, Grenzen und Klassen)</translation>
    </message>
    <message>
        <source>Bins for numeric columns:</source>
        <translation>Klassen für numerische Spalten:</translation>
    </message>
    <message>
        <source>Propose from the data</source>
        <translation>Aus den Daten vorschlagen</translation>
    </message>
    <message>
        <source>Load schema file…</source>
        <translation>Schemadatei laden…</translation>
    </message>
    <message>
        <source>Column</source>
        <translation>Spalte</translation>
    </message>
    <message>
        <source>Role</source>
        <translation>Rolle</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Art</translation>
    </message>
    <message>
        <source>Codes</source>
        <translation>Codes</translation>
    </message>
    <message>
        <source>Bins</source>
        <translation>Klassen</translation>
    </message>
    <message>
        <source>Lower</source>
        <translation>Untergrenze</translation>
    </message>
    <message>
        <source>Upper</source>
        <translation>Obergrenze</translation>
    </message>
    <message>
        <source>This domain comes from a schema file (or was confirmed before): it is public, no confirmation is needed.</source>
        <translation>Diese Domäne stammt aus einer Schemadatei (oder wurde schon bestätigt): Sie ist öffentlich, eine Bestätigung ist nicht nötig.</translation>
    </message>
    <message>
        <source>Time steps</source>
        <translation>Zeitschritte</translation>
    </message>
    <message>
        <source>By a time column</source>
        <translation>Nach einer Zeitspalte</translation>
    </message>
    <message>
        <source>In batches (no time column)</source>
        <translation>In Stapeln (ohne Zeitspalte)</translation>
    </message>
    <message>
        <source>every</source>
        <translation>alle</translation>
    </message>
    <message>
        <source>format (detect)</source>
        <translation>Format (erkennen)</translation>
    </message>
    <message>
        <source>Qt date format such as yyyy-MM-dd or M/d/yy; empty detects ISO and common forms.</source>
        <translation>Qt-Datumsformat wie yyyy-MM-dd oder M/d/yy; leer erkennt ISO und gängige Formen.</translation>
    </message>
    <message>
        <source> rows</source>
        <translation> Zeilen</translation>
    </message>
    <message>
        <source>random order</source>
        <translation>zufällige Reihenfolge</translation>
    </message>
    <message>
        <source>sorted order</source>
        <translation>sortierte Reihenfolge</translation>
    </message>
    <message>
        <source>seed</source>
        <translation>Startwert</translation>
    </message>
    <message>
        <source>Check</source>
        <translation>Prüfen</translation>
    </message>
    <message>
        <source>Apply the settings and list the problems found in the data.</source>
        <translation>Einstellungen anwenden und die in den Daten gefundenen Probleme auflisten.</translation>
    </message>
    <message>
        <source>Confirm</source>
        <translation>Bestätigen</translation>
    </message>
    <message>
        <source>attribute</source>
        <translation>Attribut</translation>
    </message>
    <message>
        <source>time</source>
        <translation>Zeit</translation>
    </message>
    <message>
        <source>ignore</source>
        <translation>ignorieren</translation>
    </message>
    <message>
        <source>(left out of the proposal: too many distinct values or empty)</source>
        <translation>(nicht im Vorschlag: zu viele verschiedene Werte oder leer)</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>Tick the confirmation that the domain is public first.</source>
        <translation>Zuerst bestätigen, dass die Domäne öffentlich ist.</translation>
    </message>
    <message>
        <source>Load schema</source>
        <translation>Schema laden</translation>
    </message>
    <message>
        <source>Schema files (*.json);;All files (*)</source>
        <translation>Schemadateien (*.json);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>%1 rows, %2 attributes, %3 steps (%4).</source>
        <translation>%1 Zeilen, %2 Attribute, %3 Schritte (%4).</translation>
    </message>
    <message>
        <source>Number of equal-width bins proposed for each numeric column (each can be changed in its row).</source>
        <translation>Zahl der gleich breiten Klassen, die für jede numerische Spalte vorgeschlagen werden (jede kann in ihrer Zeile geändert werden).</translation>
    </message>
    <message>
        <source>Propose categories, round bounds and bins from this table again (edits are lost).</source>
        <translation>Kategorien, gerundete Grenzen und Klassen erneut aus dieser Tabelle vorschlagen (Änderungen gehen verloren).</translation>
    </message>
    <message>
        <source>Use a public schema (JSON) instead of a domain derived from the data.</source>
        <translation>Ein öffentliches Schema (JSON) statt einer aus den Daten abgeleiteten Domäne verwenden.</translation>
    </message>
    <message>
        <source>Each column of the file: its role (attribute, time or ignored), kind and codes; numeric columns have bins between a lower and an upper bound.</source>
        <translation>Jede Spalte der Datei: ihre Rolle (Merkmal, Zeit oder ignoriert), Art und Codes; numerische Spalten haben Klassen zwischen einer unteren und einer oberen Grenze.</translation>
    </message>
    <message>
        <source>⚠ This domain is derived from the data: its categories and bounds reveal private values. Numeric bounds are rounded out to 1, 2 or 5 × 10^k, but still follow the data&apos;s range: type public bounds if you know them. Confirm only if these categories and bounds are public knowledge; otherwise load a schema file.</source>
        <translation>⚠ Diese Domäne ist aus den Daten abgeleitet: Ihre Kategorien und Grenzen verraten private Werte. Numerische Grenzen werden nach außen auf 1, 2 oder 5 × 10^k gerundet, folgen aber noch dem Wertebereich der Daten: Tragen Sie öffentliche Grenzen ein, wenn Sie sie kennen. Bestätigen Sie nur, wenn diese Kategorien und Grenzen öffentlich bekannt sind; laden Sie sonst eine Schemadatei.</translation>
    </message>
    <message>
        <source>Required for a domain derived from the data (SPEC §1): a release may reveal every category and bound of the domain.</source>
        <translation>Nötig für eine aus den Daten abgeleitete Domäne (SPEC §1): Eine Veröffentlichung kann jede Kategorie und Grenze der Domäne verraten.</translation>
    </message>
    <message>
        <source>One step per period of a date column (empty periods are steps too).</source>
        <translation>Ein Schritt je Periode einer Datumsspalte (auch leere Perioden sind Schritte).</translation>
    </message>
    <message>
        <source>Steps of a fixed number of rows, in random or sorted order.</source>
        <translation>Schritte aus einer festen Zahl von Zeilen, in zufälliger oder sortierter Reihenfolge.</translation>
    </message>
    <message>
        <source>The column holding each row&apos;s date.</source>
        <translation>Die Spalte mit dem Datum jeder Zeile.</translation>
    </message>
    <message>
        <source>Periods per step (e.g. 3 months).</source>
        <translation>Perioden je Schritt (z. B. 3 Monate).</translation>
    </message>
    <message>
        <source>The period of one step.</source>
        <translation>Die Periode eines Schritts.</translation>
    </message>
    <message>
        <source>Public start:</source>
        <translation>Öffentlicher Start:</translation>
    </message>
    <message>
        <source>Rows per step.</source>
        <translation>Zeilen je Schritt.</translation>
    </message>
    <message>
        <source>Random: rows shuffled with the seed; sorted: by their codes.</source>
        <translation>Zufällig: Zeilen mit dem Seed gemischt; sortiert: nach ihren Codes.</translation>
    </message>
    <message>
        <source>Seed of the random batch order (public: it only orders rows).</source>
        <translation>Seed der zufälligen Stapelreihenfolge (öffentlich: er ordnet nur Zeilen).</translation>
    </message>
    <message>
        <source>The standard deviation of the noise on one count measured at one step (the measurement share ε/(2k) of the budget), against the rows a step holds. Counts of single cells are smaller than a step&apos;s rows, so their relative noise is larger still.</source>
        <translation>Die Standardabweichung des Rauschens auf einer in einem Schritt gemessenen Zählung (der Messanteil ε/(2k) des Budgets), verglichen mit den Zeilen eines Schritts. Zählungen einzelner Zellen sind kleiner als die Zeilen eines Schritts, ihr relatives Rauschen ist also noch größer.</translation>
    </message>
    <message>
        <source>Expected noise:</source>
        <translation>Erwartetes Rauschen:</translation>
    </message>
    <message>
        <source>What the proposal and the last check found in the data</source>
        <translation>Was der Vorschlag und die letzte Prüfung in den Daten gefunden haben</translation>
    </message>
    <message>
        <source>attribute: part of the released table; time: the column that forms the steps; ignore: left out</source>
        <translation>Merkmal: Teil der veröffentlichten Tabelle; Zeit: die Spalte, die die Schritte bildet; ignorieren: ausgelassen</translation>
    </message>
    <message>
        <source>From the schema file.</source>
        <translation>Aus der Schemadatei.</translation>
    </message>
    <message>
        <source>Rounded out from the data&apos;s range to 1, 2 or 5 × 10^k: type public bounds if you know them (values outside them are an error).</source>
        <translation>Aus dem Wertebereich der Daten nach außen auf 1, 2 oder 5 × 10^k gerundet: Tragen Sie öffentliche Grenzen ein, wenn Sie sie kennen (Werte außerhalb sind ein Fehler).</translation>
    </message>
    <message>
        <source>Equal-width bins between the bounds.</source>
        <translation>Gleich breite Klassen zwischen den Grenzen.</translation>
    </message>
    <message>
        <source>Set a valid budget and k in the experiment panel to see the expected noise.</source>
        <translation>Geben Sie in der Experiment-Leiste ein gültiges Budget und k an, um das erwartete Rauschen zu sehen.</translation>
    </message>
    <message>
        <source>%1 = %2, k = %3</source>
        <translation>%1 = %2, k = %3</translation>
    </message>
    <message>
        <source>At %1 every count measured at a step gets noise of about ±%2 rows (standard deviation).</source>
        <translation>Bei %1 erhält jede in einem Schritt gemessene Zählung Rauschen von etwa ±%2 Zeilen (Standardabweichung).</translation>
    </message>
    <message>
        <source>The rows per step are not known for these settings.</source>
        <translation>Die Zeilen je Schritt sind für diese Einstellungen nicht bekannt.</translation>
    </message>
    <message>
        <source>At least half of the %1 steps (by %2, from the start to the latest date in the data) hold no rows at all: their releases will be noise alone. Set a public start date, check the latest dates in the data, or choose a longer period.</source>
        <translation>Mindestens die Hälfte der %1 Schritte (nach %2, vom Start bis zum spätesten Datum der Daten) enthält gar keine Zeilen: Ihre Veröffentlichungen werden reines Rauschen sein. Tragen Sie ein öffentliches Startdatum ein, prüfen Sie die spätesten Datumswerte der Daten oder wählen Sie eine längere Periode.</translation>
    </message>
    <message>
        <source>by %1</source>
        <translation>nach %1</translation>
    </message>
    <message>
        <source>in batches</source>
        <translation>in Stapeln</translation>
    </message>
    <message>
        <source>Rows per step: about %1 (median, %2); the noise is %3% of them.</source>
        <translation>Zeilen je Schritt: etwa %1 (Median, %2); das Rauschen beträgt %3% davon.</translation>
    </message>
    <message>
        <source>Releases will be very noisy; longer periods, a larger ε or a smaller k help.</source>
        <translation>Die Veröffentlichungen werden sehr verrauscht sein; längere Perioden, ein größeres ε oder ein kleineres k helfen.</translation>
    </message>
    <message>
        <source>By %1: about %2 rows per step.</source>
        <translation>Nach %1: etwa %2 Zeilen je Schritt.</translation>
    </message>
    <message>
        <source>Small cells will be noticeably noisy.</source>
        <translation>Kleine Zellen werden merklich verrauscht sein.</translation>
    </message>
    <message>
        <source>e.g. 2010-12-31</source>
        <translation>z. B. 2010-12-31</translation>
    </message>
    <message>
        <source>The public end of the stream: the last step is the period containing it. Rows after it are left out and reported.</source>
        <translation>Das öffentliche Ende des Stroms: Der letzte Schritt ist die Periode, die es enthält. Zeilen danach werden ausgelassen und gemeldet.</translation>
    </message>
    <message>
        <source>or: the latest period in the data is public</source>
        <translation>oder: die letzte Periode in den Daten ist öffentlich</translation>
    </message>
    <message>
        <source>Without a public end the stream ends with the latest date in the data, which is private: tick only if that period is public knowledge.</source>
        <translation>Ohne öffentliches Ende endet der Strom mit dem spätesten Datum in den Daten, das privat ist: Nur ankreuzen, wenn diese Periode öffentlich bekannt ist.</translation>
    </message>
    <message>
        <source>Public end:</source>
        <translation>Öffentliches Ende:</translation>
    </message>
    <message>
        <source>Type a public end date, or tick that the latest period in the data is public: without either the stream&apos;s length would be read from the private data.</source>
        <translation>Geben Sie ein öffentliches Enddatum ein oder bestätigen Sie, dass die letzte Periode in den Daten öffentlich ist: Ohne beides würde die Länge des Stroms aus den privaten Daten gelesen.</translation>
    </message>
    <message>
        <source>&apos;%1&apos; holds dates (%2 of %3 values): proposed as the time column, by %4. Type a public start and end date: the data&apos;s earliest and latest dates are private (without a start the earliest is used and must be confirmed; without an end, tick that the latest period is public).</source>
        <translation>„%1“ enthält Datumswerte (%2 von %3 Werten): als Zeitspalte vorgeschlagen, nach %4. Tragen Sie ein öffentliches Start- und Enddatum ein: Das früheste und das späteste Datum der Daten sind privat (ohne Start wird das früheste verwendet und muss bestätigt werden; ohne Ende bestätigen Sie, dass die letzte Periode öffentlich ist).</translation>
    </message>
    <message>
        <source>Target accuracy…</source>
        <translation>Zielgenauigkeit…</translation>
    </message>
    <message>
        <source>Type the accuracy you need and get the smallest budget that reaches it.</source>
        <translation>Geben Sie die benötigte Genauigkeit ein und erhalten Sie das kleinste Budget, das sie erreicht.</translation>
    </message>
    <message>
        <source>Target accuracy</source>
        <translation>Zielgenauigkeit</translation>
    </message>
    <message>
        <source>Set a valid domain first: %1</source>
        <translation>Legen Sie zuerst eine gültige Domäne fest: %1</translation>
    </message>
    <message>
        <source>Large attributes…</source>
        <translation>Große Attribute…</translation>
    </message>
    <message>
        <source>Use Large attributes… to coarsen them here, so that the stream can support its domain.</source>
        <translation>Mit „Große Attribute…“ lassen sie sich hier vergröbern, damit der Datenstrom seinen Wertebereich tragen kann.</translation>
    </message>
    <message>
        <source>Large attributes: %1. The kept labels chosen by DP are drawn when the run starts, after its confirmation.</source>
        <translation>Große Attribute: %1. Die per DP gewählten Labels werden beim Start des Laufs gezogen, nach seiner Bestätigung.</translation>
    </message>
    <message>
        <source>The settings changed: press Check for the findings.</source>
        <translation>Die Einstellungen haben sich geändert: Für die Befunde „Prüfen“ drücken.</translation>
    </message>
    <message>
        <source>The stream ends with the latest period in the data%1, which you confirm is public (the tick above).</source>
        <translation>Der Datenstrom endet mit der letzten Periode in den Daten%1, die Sie als öffentlich bestätigen (der Haken oben).</translation>
    </message>
    <message>
        <source>Large attributes set up for the next run (see below); their kept labels are drawn when it starts.</source>
        <translation>Große Attribute sind für den nächsten Lauf eingerichtet (siehe unten); ihre behaltenen Labels werden bei seinem Start gezogen.</translation>
    </message>
    <message>
        <source>I confirm that these categories, bounds and bins are public knowledge, and so is the data&apos;s earliest date when no public start is typed</source>
        <translation>Ich bestätige, dass diese Kategorien, Grenzen und Klassen öffentlich bekannt sind, ebenso das früheste Datum in den Daten, wenn kein öffentlicher Beginn eingegeben ist</translation>
    </message>
    <message>
        <source>⚠ Derived from the data: these categories and bounds reveal private values. Confirm only if they are public knowledge, or load a schema file.</source>
        <translation>⚠ Aus den Daten abgeleitet: Diese Kategorien und Grenzen verraten private Werte. Bestätigen Sie nur, wenn sie öffentlich bekannt sind, oder laden Sie eine Schemadatei.</translation>
    </message>
    <message>
        <source>What ε means:</source>
        <translation>Was ε bedeutet:</translation>
    </message>
    <message>
        <source>Set a valid budget and k in the experiment panel.</source>
        <translation>Im Experimentbereich ein gültiges Budget und k setzen.</translation>
    </message>
    <message>
        <source>Once the domain is ticked as public: checks the settings, then coarsens the attributes the stream cannot support: keep the top labels + &lt;other&gt;, a public hierarchy (Parents…) or merged bins. Drawn when the run starts, after its confirmation.</source>
        <translation>Sobald die Domäne als öffentlich angekreuzt ist: prüft die Einstellungen und vergröbert dann die Attribute, die der Datenstrom nicht tragen kann: die häufigsten Labels + &lt;other&gt; behalten, eine öffentliche Hierarchie (Oberbegriffe…) oder zusammengelegte Klassen. Gezogen beim Start des Laufs, nach seiner Bestätigung.</translation>
    </message>
    <message>
        <source>Tick that the domain is public (above the domain grid) first: Check and Large attributes… test the data against a public domain only.</source>
        <translation>Zuerst ankreuzen, dass die Domäne öffentlich ist (über dem Domänenraster): Prüfen und Große Attribute… testen die Daten nur gegen eine öffentliche Domäne.</translation>
    </message>
    <message>
        <source>Who is protected:</source>
        <translation>Wer geschützt ist:</translation>
    </message>
    <message>
        <source>The bound on each unit&apos;s rows leaves out %1 of %2 rows (%3%)</source>
        <translation>Die Schranke für die Zeilen jeder Einheit lässt %1 von %2 Zeilen weg (%3 %)</translation>
    </message>
    <message>
        <source>; the most in step %1: %2% of its rows</source>
        <translation>; am meisten in Schritt %1: %2 % seiner Zeilen</translation>
    </message>
    <message>
        <source>. Computed from the private data: for you only, not for publication.</source>
        <translation>. Aus den privaten Daten berechnet: nur für Sie, nicht zur Veröffentlichung.</translation>
    </message>
    <message>
        <source>empty: the earliest date in the data</source>
        <translation>leer: das früheste Datum in den Daten</translation>
    </message>
    <message>
        <source>The public start of the stream, e.g. 1990-01-01: step 1 is the period containing it. Rows before it are left out and reported. Empty: the earliest date in the data, which is private (confirmed with the public-knowledge tick above).</source>
        <translation>Der öffentliche Beginn des Datenstroms, z. B. 1990-01-01: Schritt 1 ist der Zeitraum, der ihn enthält. Zeilen davor werden weggelassen und gemeldet. Leer: das früheste Datum in den Daten, das privat ist (mit dem Häkchen oben als öffentlich bestätigt).</translation>
    </message>
    <message>
        <source>the time column: it forms the steps (Time steps, below)</source>
        <translation>die Zeitspalte: sie bildet die Schritte (Zeitschritte, unten)</translation>
    </message>
    <message>
        <source>%1 is the key of the privacy unit now, so it is no longer an attribute (a key is never released); choosing another key or each row gives it back.</source>
        <translation>%1 ist jetzt der Schlüssel der Schutzeinheit und daher kein Attribut mehr (ein Schlüssel wird nie veröffentlicht); ein anderer Schlüssel oder „jede Zeile“ gibt es zurück.</translation>
    </message>
    <message>
        <source>Protecting each person or unit needs steps by a time column: with batches, adding or removing one person&apos;s rows would move every later batch boundary, so no bound on their rows would hold. Choose &quot;By a time column&quot;, or protect each row.</source>
        <translation>Der Schutz jeder Person oder Einheit braucht Schritte nach einer Zeitspalte: Bei Stapeln verschöbe das Hinzufügen oder Entfernen der Zeilen einer Person jede spätere Stapelgrenze, sodass keine Schranke für ihre Zeilen gälte. Wählen Sie „Nach einer Zeitspalte“ oder schützen Sie jede Zeile.</translation>
    </message>
    <message>
        <source>Rows per step: about %1 (median, %2, before the unit&apos;s bound leaves rows out); the noise is at least %3% of them.</source>
        <translation>Zeilen je Schritt: etwa %1 (Median, %2, bevor die Grenze der Einheit Zeilen auslässt); das Rauschen beträgt mindestens %3% davon.</translation>
    </message>
</context>
<context>
    <name>streamsynth::ui::KnownLabelsDialog</name>
    <message>
        <source>Known labels of %1</source>
        <translation>Bekannte Labels von %1</translation>
    </message>
    <message>
        <source>Tick the labels of %1 you know to be public without looking at the data (the major studios, say). They are kept exactly, the rest become &lt;other&gt;, and no budget is spent on choosing them. Tick none to let the DP choice pick the labels again.</source>
        <translation>Kreuzen Sie die Labels von %1 an, die Sie ohne Blick auf die Daten als öffentlich kennen (etwa die großen Studios). Sie werden genau so behalten, der Rest wird &lt;other&gt;, und für ihre Wahl wird kein Budget verbraucht. Kreuzen Sie keines an, damit wieder die DP-Wahl die Labels bestimmt.</translation>
    </message>
    <message>
        <source>Filter labels</source>
        <translation>Labels filtern</translation>
    </message>
    <message>
        <source>%1 of %2 labels ticked: tick fewer to coarsen</source>
        <translation>%1 von %2 Labels angekreuzt: Kreuzen Sie weniger an, um zu vergröbern</translation>
    </message>
    <message>
        <source>%1 of %2 labels ticked</source>
        <translation>%1 von %2 Labels angekreuzt</translation>
    </message>
</context>
<context>
    <name>streamsynth::ui::LedgerView</name>
    <message>
        <source>Series / step</source>
        <translation>Reihe / Schritt</translation>
    </message>
    <message>
        <source>Period</source>
        <translation>Zeitraum</translation>
    </message>
    <message>
        <source>step %1</source>
        <translation>Schritt %1</translation>
    </message>
    <message>
        <source>step %1 (abandoned)</source>
        <translation>Schritt %1 (verworfen)</translation>
    </message>
    <message>
        <source>Charged at this step</source>
        <translation>In diesem Schritt verbucht</translation>
    </message>
    <message>
        <source>Selection</source>
        <translation>Auswahl</translation>
    </message>
    <message>
        <source>Measurement</source>
        <translation>Messung</translation>
    </message>
    <message>
        <source>Budget</source>
        <translation>Budget</translation>
    </message>
    <message>
        <source>largest: %1</source>
        <translation>größte: %1</translation>
    </message>
    <message>
        <source>Sum over all steps: %1 (bookkeeping only: each step reads other rows, so the sum is not a privacy loss)</source>
        <translation>Summe über alle Schritte: %1 (nur Buchführung: Jeder Schritt liest andere Zeilen, die Summe ist also kein Datenschutzverlust)</translation>
    </message>
    <message>
        <source>%1 = %2 for the whole stream (largest per-step charge %3)</source>
        <translation>%1 = %2 für den ganzen Datenstrom (größte Belastung eines Schritts %3)</translation>
    </message>
    <message>
        <source>Exact: %1</source>
        <translation>Genau: %1</translation>
    </message>
    <message numerus="yes">
        <source>Across series: publishing all %n series together costs %1 (they read the same rows, so their budgets add up).</source>
        <translation>
            <numerusform>Über Reihen hinweg: Die %n Reihe zu veröffentlichen kostet %1.</numerusform>
            <numerusform>Über Reihen hinweg: Alle %n Reihen zusammen zu veröffentlichen kostet %1 (sie lesen dieselben Zeilen, daher addieren sich ihre Budgets).</numerusform>
        </translation>
    </message>
    <message>
        <source>Published in this release-mode run: %1.</source>
        <translation>In diesem Lauf im Veröffentlichungsmodus veröffentlicht: %1.</translation>
    </message>
    <message>
        <source>Exact sum: %1</source>
        <translation>Genaue Summe: %1</translation>
    </message>
    <message>
        <source>before step 1 (whole stream)</source>
        <translation>vor Schritt 1 (ganzer Strom)</translation>
    </message>
    <message>
        <source>Charged once for the whole stream (%1): it reads every step&apos;s rows, so it counts toward every step&apos;s charge below.</source>
        <translation>Einmal für den ganzen Strom abgebucht (%1): liest die Zeilen jedes Schritts und zählt daher zur Abbuchung jedes Schritts unten.</translation>
    </message>
    <message>
        <source>Dataset “%1”, all its streams together: %2.</source>
        <translation>Datensatz „%1“, alle seine Ströme zusammen: %2.</translation>
    </message>
    <message>
        <source>%1 = %2 for the whole stream</source>
        <translation>%1 = %2 für den ganzen Datenstrom</translation>
    </message>
    <message>
        <source>Each row of the data arrives at one step, so a series&apos; budget holds for the whole stream as long as the charges made at every single step stay within it (event-level privacy; with a privacy unit, its noise is scaled so that the same holds for all of a unit&apos;s bounded rows). The guarantee is therefore the largest per-step charge, never a sum over steps. The selection/measurement split appears when the run has ended or was cancelled.</source>
        <translation>Jede Zeile der Daten kommt in genau einem Schritt an; das Budget einer Reihe gilt daher für den ganzen Datenstrom, solange die Belastungen jedes einzelnen Schritts darin bleiben (Datenschutz auf Ereignisebene; mit einer Datenschutzeinheit ist ihr Rauschen so vergrößert, dass dasselbe für alle begrenzten Zeilen einer Einheit gilt). Die Garantie ist also die größte Belastung eines Schritts, nie eine Summe über die Schritte. Die Aufteilung in Auswahl und Messung erscheint, wenn der Lauf beendet oder abgebrochen ist.</translation>
    </message>
    <message>
        <source>Who is protected: %1.</source>
        <translation>Wer geschützt ist: %1.</translation>
    </message>
    <message>
        <source>%1 = %2, comparison only</source>
        <translation>%1 = %2, nur zum Vergleich</translation>
    </message>
    <message>
        <source>Not published: ran for comparison only, so its ε is in no total. %1</source>
        <translation>Nicht veröffentlicht: nur zum Vergleich gelaufen, daher zählt sein ε in keiner Summe. %1</translation>
    </message>
    <message>
        <source>Guarantee</source>
        <translation>Garantie</translation>
    </message>
    <message>
        <source>The guarantee each series gives for the whole stream</source>
        <translation>Die Garantie, die jede Reihe für den ganzen Strom gibt</translation>
    </message>
</context>
<context>
    <name>streamsynth::ui::MainWindow</name>
    <message>
        <source>&amp;Open…</source>
        <translation>Ö&amp;ffnen…</translation>
    </message>
    <message>
        <source>Open a table (CSV/TSV)</source>
        <translation>Eine Tabelle öffnen (CSV/TSV)</translation>
    </message>
    <message>
        <source>Open table</source>
        <translation>Tabelle öffnen</translation>
    </message>
    <message>
        <source>Tables (*.csv *.tsv *.txt);;All files (*)</source>
        <translation>Tabellen (*.csv *.tsv *.txt);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Open &amp;schema…</source>
        <translation>&amp;Schema öffnen…</translation>
    </message>
    <message>
        <source>Open schema</source>
        <translation>Schema öffnen</translation>
    </message>
    <message>
        <source>Schema files (*.json);;All files (*)</source>
        <translation>Schemadateien (*.json);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Save s&amp;chema…</source>
        <translation>Schema s&amp;peichern…</translation>
    </message>
    <message>
        <source>&amp;Import settings…</source>
        <translation>&amp;Importeinstellungen…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
    <message>
        <source>&amp;Run</source>
        <translation>&amp;Ausführen</translation>
    </message>
    <message>
        <source>&amp;Pause</source>
        <translation>&amp;Pause</translation>
    </message>
    <message>
        <source>&amp;Cancel</source>
        <translation>Ab&amp;brechen</translation>
    </message>
    <message>
        <source>Stop the run; finished releases are kept</source>
        <translation>Lauf anhalten; fertige Veröffentlichungen bleiben erhalten</translation>
    </message>
    <message>
        <source>Reset &amp;zoom</source>
        <translation>&amp;Zoom zurücksetzen</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <source>Open &amp;recent</source>
        <translation>&amp;Zuletzt geöffnet</translation>
    </message>
    <message>
        <source>Open the bundled &amp;Adult stream</source>
        <translation>Mitgelieferten &amp;Adult-Strom öffnen</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Ansicht</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>&amp;Sprache</translation>
    </message>
    <message>
        <source>System default</source>
        <translation>Systemvorgabe</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>Sprache</translation>
    </message>
    <message>
        <source>The language changes when StreamSynth is restarted.</source>
        <translation>Die Sprache ändert sich nach einem Neustart von StreamSynth.</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Hilfe</translation>
    </message>
    <message>
        <source>&amp;About StreamSynth</source>
        <translation>&amp;Über StreamSynth</translation>
    </message>
    <message>
        <source>About StreamSynth</source>
        <translation>Über StreamSynth</translation>
    </message>
    <message>
        <source>&lt;b&gt;StreamSynth %1&lt;/b&gt;&lt;p&gt;Differentially private synthetic tabular streams.&lt;/p&gt;&lt;p&gt;The error charts compare releases with the private data: they are not differentially private and must not be published.&lt;/p&gt;</source>
        <translation>&lt;b&gt;StreamSynth %1&lt;/b&gt;&lt;p&gt;Differentiell private synthetische tabellarische Datenströme.&lt;/p&gt;&lt;p&gt;Die Fehlerdiagramme vergleichen Veröffentlichungen mit den privaten Daten: Sie sind nicht differentiell privat und dürfen nicht veröffentlicht werden.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Main</source>
        <translation>Haupt</translation>
    </message>
    <message>
        <source>Data</source>
        <translation>Daten</translation>
    </message>
    <message>
        <source>Experiment</source>
        <translation>Experiment</translation>
    </message>
    <message>
        <source>Releases</source>
        <translation>Veröffentlichungen</translation>
    </message>
    <message>
        <source>Ledger</source>
        <translation>Budgetbuch</translation>
    </message>
    <message>
        <source>Selections</source>
        <translation>Auswahlen</translation>
    </message>
    <message>
        <source>Counters</source>
        <translation>Zähler</translation>
    </message>
    <message>
        <source>Log</source>
        <translation>Protokoll</translation>
    </message>
    <message>
        <source>&amp;Export results…</source>
        <translation>&amp;Ergebnisse exportieren…</translation>
    </message>
    <message>
        <source>Export each series&apos; latest release (CSV + manifest), the metrics and the ledger</source>
        <translation>Die letzte Veröffentlichung jeder Reihe (CSV + Manifest), die Fehlermaße und das Budgetbuch exportieren</translation>
    </message>
    <message>
        <source>Tables (*.csv *.tsv *.txt);;StreamSynth sessions (*.session);;All files (*)</source>
        <translation>Tabellen (*.csv *.tsv *.txt);;StreamSynth-Sitzungen (*.session);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Save sessio&amp;n…</source>
        <translation>Sitzu&amp;ng speichern…</translation>
    </message>
    <message>
        <source>Save the last run as a session, to continue it later with new rows</source>
        <translation>Den letzten Lauf als Sitzung speichern, um ihn später mit neuen Zeilen fortzusetzen</translation>
    </message>
    <message>
        <source>Save session</source>
        <translation>Sitzung speichern</translation>
    </message>
    <message>
        <source>StreamSynth sessions (*.session)</source>
        <translation>StreamSynth-Sitzungen (*.session)</translation>
    </message>
    <message>
        <source>Open sess&amp;ion…</source>
        <translation>S&amp;itzung öffnen…</translation>
    </message>
    <message>
        <source>Open session</source>
        <translation>Sitzung öffnen</translation>
    </message>
    <message>
        <source>StreamSynth sessions (*.session);;All files (*)</source>
        <translation>StreamSynth-Sitzungen (*.session);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>&amp;Continue with new rows…</source>
        <translation>Mit neuen Zeilen &amp;fortsetzen…</translation>
    </message>
    <message>
        <source>Choose the grown table: released steps are checked unchanged, only new steps run</source>
        <translation>Die gewachsene Tabelle wählen: veröffentlichte Schritte werden auf Unverändertheit geprüft, nur neue Schritte laufen</translation>
    </message>
    <message>
        <source>&amp;Autosave session after every step</source>
        <translation>Sitzung nach jedem Schritt &amp;automatisch speichern</translation>
    </message>
    <message>
        <source>Save the session file after every step (a crash loses at most one step)</source>
        <translation>Die Sitzungsdatei nach jedem Schritt speichern (ein Absturz kostet höchstens einen Schritt)</translation>
    </message>
    <message>
        <source>%1 (session)</source>
        <translation>%1 (Sitzung)</translation>
    </message>
    <message>
        <source>open %1</source>
        <translation>%1 zu öffnen</translation>
    </message>
    <message>
        <source>quit</source>
        <translation>zu beenden</translation>
    </message>
    <message>
        <source>Apply a public schema (JSON) to the open table</source>
        <translation>Ein öffentliches Schema (JSON) auf die geöffnete Tabelle anwenden</translation>
    </message>
    <message>
        <source>Save the confirmed public schema and stream settings as JSON</source>
        <translation>Das bestätigte öffentliche Schema und die Einstellungen des Datenstroms als JSON speichern</translation>
    </message>
    <message>
        <source>Open a saved session: its history, ledger and last release; continue it with new rows</source>
        <translation>Eine gespeicherte Sitzung öffnen: ihr Verlauf, Budgetbuch und ihre letzte Veröffentlichung; mit neuen Zeilen fortsetzen</translation>
    </message>
    <message>
        <source>Confirm the public domain and choose how rows become steps</source>
        <translation>Die öffentliche Domäne bestätigen und festlegen, wie aus Zeilen Schritte werden</translation>
    </message>
    <message>
        <source>Run the experiment&apos;s series over the stream (Ctrl+R)</source>
        <translation>Die Reihen des Experiments über den Datenstrom laufen lassen (Strg+R)</translation>
    </message>
    <message>
        <source>Pause the run after the step in progress; press again to resume</source>
        <translation>Den Lauf nach dem laufenden Schritt anhalten; erneut drücken zum Fortsetzen</translation>
    </message>
    <message>
        <source>&amp;Log scale (all charts)</source>
        <translation>&amp;Logarithmische Skala (alle Diagramme)</translation>
    </message>
    <message>
        <source>Every chart on a log axis; off: log for the relative errors only</source>
        <translation>Jedes Diagramm auf einer logarithmischen Achse; aus: nur die relativen Fehler logarithmisch</translation>
    </message>
    <message>
        <source>Show every step and value in every chart again</source>
        <translation>Wieder jeden Schritt und Wert in jedem Diagramm zeigen</translation>
    </message>
    <message>
        <source>&amp;Guide</source>
        <translation>&amp;Anleitung</translation>
    </message>
    <message>
        <source>True vs synthetic</source>
        <translation>Echt vs. synthetisch</translation>
    </message>
    <message>
        <source>Open &amp;database…</source>
        <translation>&amp;Datenbank öffnen…</translation>
    </message>
    <message>
        <source>Release &amp;registry…</source>
        <translation>&amp;Freigaberegister…</translation>
    </message>
    <message>
        <source>Open the bundled ad&amp;missions stream</source>
        <translation>Den mitgelieferten Auf&amp;nahmen-Datenstrom öffnen</translation>
    </message>
    <message>
        <source>Continue with new rows: the whole table, grown</source>
        <translation>Mit neuen Zeilen fortsetzen: die ganze, gewachsene Tabelle</translation>
    </message>
</context>
<context>
    <name>streamsynth::ui::MetricChart</name>
    <message>
        <source>%1
t = %2
%3 = %4</source>
        <translation>%1
t = %2
%3 = %4</translation>
    </message>
    <message>
        <source>t (step)</source>
        <translation>t (Schritt)</translation>
    </message>
    <message>
        <source>y: %1</source>
        <translation>y: %1</translation>
    </message>
    <message>
        <source>Reset zoom</source>
        <translation>Zoom zurücksetzen</translation>
    </message>
    <message>
        <source>Export %1 as PNG…</source>
        <translation>%1 als PNG exportieren…</translation>
    </message>
    <message>
        <source>Export %1 as SVG…</source>
        <translation>%1 als SVG exportieren…</translation>
    </message>
</context>
<context>
    <name>streamsynth::ui::OpenController</name>
    <message>
        <source>Opened %1: %2 rows, %3 attributes, %4 steps (%5)</source>
        <translation>%1 geöffnet: %2 Zeilen, %3 Attribute, %4 Schritte (%5)</translation>
    </message>
    <message>
        <source>open the bundled Adult stream</source>
        <translation>den mitgelieferten Adult-Strom zu öffnen</translation>
    </message>
    <message>
        <source>Open the bundled Adult stream</source>
        <translation>Mitgelieferten Adult-Strom öffnen</translation>
    </message>
    <message>
        <source>open %1</source>
        <translation>%1 zu öffnen</translation>
    </message>
    <message>
        <source>Open table</source>
        <translation>Tabelle öffnen</translation>
    </message>
    <message>
        <source>The domain is not confirmed yet: use Import settings…</source>
        <translation>Die Domäne ist noch nicht bestätigt: Importeinstellungen… verwenden</translation>
    </message>
    <message>
        <source>Open schema</source>
        <translation>Schema öffnen</translation>
    </message>
    <message>
        <source>Open a table first; the schema is applied to it.</source>
        <translation>Zuerst eine Tabelle öffnen; das Schema wird auf sie angewendet.</translation>
    </message>
    <message>
        <source>Schema %1 applied to %2</source>
        <translation>Schema %1 auf %2 angewendet</translation>
    </message>
    <message>
        <source>open a database</source>
        <translation>eine Datenbank öffnen</translation>
    </message>
    <message>
        <source>Open database</source>
        <translation>Datenbank öffnen</translation>
    </message>
    <message>
        <source>Save schema</source>
        <translation>Schema speichern</translation>
    </message>
    <message>
        <source>Schema files (*.json)</source>
        <translation>Schemadateien (*.json)</translation>
    </message>
    <message>
        <source>Schema saved to %1</source>
        <translation>Schema gespeichert in %1</translation>
    </message>
    <message>
        <source>The import settings could not be remembered: %1</source>
        <translation>Die Importeinstellungen konnten nicht gespeichert werden: %1</translation>
    </message>
    <message>
        <source>The import settings remembered for %1 no longer apply: %2</source>
        <translation>Die für %1 gespeicherten Importeinstellungen passen nicht mehr: %2</translation>
    </message>
    <message>
        <source>Import settings of %1 restored as confirmed the last time (Import settings… changes them)</source>
        <translation>Importeinstellungen von %1 wie beim letzten Mal bestätigt übernommen (Importeinstellungen… ändert sie)</translation>
    </message>
    <message>
        <source>change the import settings</source>
        <translation>die Importeinstellungen ändern</translation>
    </message>
    <message>
        <source>Import cancelled: back to the bundled Adult stream</source>
        <translation>Import abgebrochen: zurück zum mitgelieferten Adult-Datenstrom</translation>
    </message>
    <message>
        <source>Import cancelled; %1 could not be opened again: %2</source>
        <translation>Import abgebrochen; %1 ließ sich nicht wieder öffnen: %2</translation>
    </message>
    <message>
        <source>Import cancelled: back to %1</source>
        <translation>Import abgebrochen: zurück zu %1</translation>
    </message>
    <message>
        <source>open the bundled admissions stream</source>
        <translation>den mitgelieferten Aufnahmen-Datenstrom öffnen</translation>
    </message>
    <message>
        <source>Open the bundled admissions stream</source>
        <translation>Den mitgelieferten Aufnahmen-Datenstrom öffnen</translation>
    </message>
</context>
<context>
    <name>streamsynth::ui::PrivacySelector</name>
    <message>
        <source>pure ε-DP (Laplace noise)</source>
        <translation>reine ε-DP (Laplace-Rauschen)</translation>
    </message>
    <message>
        <source>Pure ε-DP (the paper&apos;s model) or zero-concentrated DP: Gaussian noise, and k measurements per step compose as k·ρ. A zCDP budget ρ implies (ε, δ)-DP for every δ (shown below): a different, weaker guarantee than pure ε-DP.</source>
        <translation>Reine ε-DP (das Modell des Artikels) oder zero-concentrated DP: Gauß-Rauschen, und k Messungen pro Schritt setzen sich zu k·ρ zusammen. Ein zCDP-Budget ρ impliziert (ε, δ)-DP für jedes δ (unten angezeigt): eine andere, schwächere Garantie als reine ε-DP.</translation>
    </message>
    <message>
        <source>ε with δ (converted to ρ)</source>
        <translation>ε mit δ (in ρ umgerechnet)</translation>
    </message>
    <message>
        <source>ρ</source>
        <translation>ρ</translation>
    </message>
    <message>
        <source>Type ρ itself, or the (ε, δ) guarantee you need: the run then uses the largest ρ that implies it.</source>
        <translation>Geben Sie ρ selbst ein oder die benötigte (ε, δ)-Garantie: der Lauf verwendet dann das größte ρ, das sie impliziert.</translation>
    </message>
    <message>
        <source>Privacy budget per stream; several values separated by commas run one series each.</source>
        <translation>Privatsphäre-Budget pro Strom; mehrere durch Kommas getrennte Werte ergeben je eine Reihe.</translation>
    </message>
    <message>
        <source>Privacy model:</source>
        <translation>Privatsphäre-Modell:</translation>
    </message>
    <message>
        <source>zCDP budget as:</source>
        <translation>zCDP-Budget als:</translation>
    </message>
    <message>
        <source>δ:</source>
        <translation>δ:</translation>
    </message>
    <message>
        <source>%1 must be a number or a comma-separated list of numbers (e.g. 0.5, 1, 2).</source>
        <translation>%1 muss eine Zahl oder eine durch Kommas getrennte Liste von Zahlen sein (z. B. 0.5, 1, 2).</translation>
    </message>
    <message>
        <source>%1 must be greater than 0.</source>
        <translation>%1 muss größer als 0 sein.</translation>
    </message>
    <message>
        <source>δ must be a number strictly between 0 and 1 (e.g. 1e-6).</source>
        <translation>δ muss eine Zahl echt zwischen 0 und 1 sein (z. B. 1e-6).</translation>
    </message>
    <message>
        <source>ρ = %1 ⇒ (%2, %3)-DP</source>
        <translation>ρ = %1 ⇒ (%2, %3)-DP</translation>
    </message>
    <message>
        <source>δ of the (ε, δ) guarantee to convert; public. 1/n² for n rows is a common choice.</source>
        <translation>δ der umzurechnenden (ε, δ)-Garantie; öffentlich. 1/n² bei n Zeilen ist eine übliche Wahl.</translation>
    </message>
    <message>
        <source>δ at which the ε that ρ implies is shown; public, display only.</source>
        <translation>δ, bei dem das von ρ implizierte ε angezeigt wird; öffentlich, nur zur Anzeige.</translation>
    </message>
    <message>
        <source>The tight conversion of Canonne, Kamath &amp; Steinke (2020): ρ-zCDP implies (ε, δ)-DP for the ε shown at this δ.</source>
        <translation>Die scharfe Umrechnung von Canonne, Kamath &amp; Steinke (2020): ρ-zCDP impliziert (ε, δ)-DP für das bei diesem δ angezeigte ε.</translation>
    </message>
    <message>
        <source>zero-concentrated DP, ρ (Gaussian noise)</source>
        <translation>nullkonzentrierte DP, ρ (Gaußsches Rauschen)</translation>
    </message>
</context>
<context>
    <name>streamsynth::ui::PrivacyWords</name>
    <message>
        <source>an unbounded number of</source>
        <translation>beliebig viele</translation>
    </message>
    <message>
        <source>%1 billion</source>
        <translation>%1 Milliarden</translation>
    </message>
    <message>
        <source>%1 million</source>
        <translation>%1 Millionen</translation>
    </message>
    <message>
        <source>strong</source>
        <translation>stark</translation>
    </message>
    <message>
        <source>moderate</source>
        <translation>mittel</translation>
    </message>
    <message>
        <source>weak</source>
        <translation>schwach</translation>
    </message>
    <message>
        <source>very weak</source>
        <translation>sehr schwach</translation>
    </message>
    <message>
        <source>choosing the kept labels of large attributes (once)</source>
        <translation>Wahl der behaltenen Labels großer Attribute (einmal)</translation>
    </message>
    <message>
        <source>continual 1-way marginals</source>
        <translation>fortlaufende 1-Weg-Marginale</translation>
    </message>
    <message>
        <source>small workloads counted every step</source>
        <translation>kleine Workloads, in jedem Schritt gezählt</translation>
    </message>
    <message>
        <source>choosing which workloads to measure</source>
        <translation>Wahl der zu messenden Workloads</translation>
    </message>
    <message>
        <source>measuring them</source>
        <translation>deren Messung</translation>
    </message>
    <message>
        <source>&lt;b&gt;Whom it protects:&lt;/b&gt; each row of the table, at the step it is counted in. Not each person: someone with several rows is protected less (their rows&apos; losses add up).</source>
        <translation>&lt;b&gt;Wen es schützt:&lt;/b&gt; jede Zeile der Tabelle, in dem Schritt, in dem sie gezählt wird. Nicht jede Person: wer mehrere Zeilen hat, ist weniger geschützt (die Verluste seiner Zeilen addieren sich).</translation>
    </message>
    <message>
        <source>, except with probability δ = %1</source>
        <translation>, außer mit Wahrscheinlichkeit δ = %1</translation>
    </message>
    <message>
        <source>A weak bound: a smaller ε, a longer period or fewer published series protects more.</source>
        <translation>Eine schwache Schranke: ein kleineres ε, ein längerer Zeitraum oder weniger veröffentlichte Reihen schützen mehr.</translation>
    </message>
    <message>
        <source>&lt;b&gt;How accurate:&lt;/b&gt; the baseline fits each %1 from its own noisy measurements; see the support check when the run starts.</source>
        <translation>&lt;b&gt;Wie genau:&lt;/b&gt; die Baseline fittet jeden %1 aus seinen eigenen verrauschten Messungen; siehe die Prüfung der Datengrundlage beim Start des Laufs.</translation>
    </message>
    <message>
        <source>&lt;i&gt;Synthetic share&lt;/i&gt; (a model, not exact): each 1-way share typically within ±%1 points at the last %2 (95%, for each share separately; calibrated on Adult and checked on other tables).</source>
        <translation>&lt;i&gt;Synthetischer Anteil&lt;/i&gt; (ein Modell, nicht exakt): jeder 1-Weg-Anteil typischerweise innerhalb ±%1 Punkte im letzten %2 (95 %, für jeden Anteil einzeln; auf Adult kalibriert und an anderen Tabellen geprüft).</translation>
    </message>
    <message>
        <source>Widened %1 times for a thin stream, as measured on data the model was not fitted on.</source>
        <translation>Für einen dünnen Datenstrom %1-fach verbreitert, wie an Daten gemessen, an die das Modell nicht angepasst wurde.</translation>
    </message>
    <message>
        <source>Optimistic: no stream this thin was measured.</source>
        <translation>Optimistisch: kein so dünner Datenstrom wurde gemessen.</translation>
    </message>
    <message>
        <source>Optimistic: it assumes every attribute is measured at every %1.</source>
        <translation>Optimistisch: es nimmt an, dass jedes Attribut in jedem %1 gemessen wird.</translation>
    </message>
    <message>
        <source>The synthetic shares&apos; figure needs the rows per %1: give them in Target accuracy….</source>
        <translation>Die Angabe für synthetische Anteile braucht die Zeilen pro %1: unter Zielgenauigkeit… angeben.</translation>
    </message>
    <message>
        <source>The synthetic shares&apos; figure follows once the table&apos;s domain is set.</source>
        <translation>Die Angabe für synthetische Anteile folgt, sobald die Domäne der Tabelle feststeht.</translation>
    </message>
    <message>
        <source>The published series read the same rows, so they add up: %1 = %2 %3.</source>
        <translation>Die veröffentlichten Reihen lesen dieselben Zeilen, also addieren sie sich: %1 = %2 %3.</translation>
    </message>
    <message>
        <source>step</source>
        <translation>Schritt</translation>
    </message>
    <message>
        <source>Details</source>
        <translation>Details</translation>
    </message>
    <message>
        <source>Whom ε protects, how accurate the releases are and how the budget is split</source>
        <translation>Wen ε schützt, wie genau die Veröffentlichungen sind und wie das Budget aufgeteilt wird</translation>
    </message>
    <message>
        <source>Publishing all %1 series of the run would give ε = %2: they read the same rows, so their budgets add up.</source>
        <translation>Alle %1 Reihen des Laufs zu veröffentlichen ergäbe ε = %2: sie lesen dieselben Zeilen, also addieren sich ihre Budgets.</translation>
    </message>
    <message>
        <source>&lt;b&gt;How accurate:&lt;/b&gt; &lt;i&gt;noisy marginal&lt;/i&gt; (exact): a count of one %1&apos;s rows ±%2 rows; a running count over all %3 steps ±%4 rows, as its noise adds up over the steps it sums (95%, for each number separately).</source>
        <translation>&lt;b&gt;Wie genau:&lt;/b&gt; &lt;i&gt;verrauschtes Marginal&lt;/i&gt; (exakt): eine Zählung der Zeilen eines %1 ±%2 Zeilen; eine laufende Zählung über alle %3 Schritte ±%4 Zeilen, da sich ihr Rauschen über die summierten Schritte addiert (95 %, für jede Zahl einzeln).</translation>
    </message>
    <message>
        <source>Hide</source>
        <translation>Ausblenden</translation>
    </message>
    <message>
        <source>one unit of %1</source>
        <translation>eine Einheit von %1</translation>
    </message>
    <message>
        <source>one row</source>
        <translation>eine Zeile</translation>
    </message>
    <message>
        <source>&lt;b&gt;Whom it protects:&lt;/b&gt; each unit of column %1 (a person, a household, a firm) with all its rows: at most %2 of them count over the stream and %3 in one step; its later rows are left out of every release.</source>
        <translation>&lt;b&gt;Wen sie schützt:&lt;/b&gt; jede Einheit der Spalte %1 (eine Person, einen Haushalt, eine Firma) mit allen ihren Zeilen: höchstens %2 davon zählen über den Strom und %3 in einem Schritt; ihre späteren Zeilen fehlen in jeder Veröffentlichung.</translation>
    </message>
    <message>
        <source>&lt;b&gt;How strongly:&lt;/b&gt; ε = %1 for the whole stream of one published series: any conclusion about %3 can become at most %2 times more or less likely from its releases</source>
        <translation>&lt;b&gt;Wie stark:&lt;/b&gt; ε = %1 für den ganzen Datenstrom einer veröffentlichten Reihe: jede Schlussfolgerung über %3 kann durch ihre Veröffentlichungen höchstens %2-mal wahrscheinlicher oder unwahrscheinlicher werden</translation>
    </message>
    <message>
        <source>&lt;b&gt;How strongly:&lt;/b&gt; ε = %1 for the whole stream, all published series together: any conclusion about %3 can become at most %2 times more or less likely from the releases</source>
        <translation>&lt;b&gt;Wie stark:&lt;/b&gt; ε = %1 für den ganzen Datenstrom, alle veröffentlichten Reihen zusammen: jede Schlussfolgerung über %3 kann durch die Veröffentlichungen höchstens %2-mal wahrscheinlicher oder unwahrscheinlicher werden</translation>
    </message>
    <message>
        <source>ε = %1 for one published series: a conclusion about %4 becomes at most %2 times more or less likely (%3); each series published adds its ε</source>
        <translation>ε = %1 für eine veröffentlichte Reihe: eine Schlussfolgerung über %4 wird höchstens %2-mal wahrscheinlicher oder unwahrscheinlicher (%3); jede veröffentlichte Reihe addiert ihr ε</translation>
    </message>
    <message>
        <source>ε = %1 in total: a conclusion about %4 becomes at most %2 times more or less likely (%3)</source>
        <translation>ε = %1 insgesamt: eine Schlussfolgerung über %4 wird höchstens %2-mal wahrscheinlicher oder unwahrscheinlicher (%3)</translation>
    </message>
    <message numerus="yes">
        <source>ε = %1 in total for the %n published series: a conclusion about %4 becomes at most %2 times more or less likely (%3); each other series published would add its ε</source>
        <translation>
            <numerusform>ε = %1 insgesamt für die %n veröffentlichte Reihe: eine Schlussfolgerung über %4 wird höchstens %2-mal wahrscheinlicher oder unwahrscheinlicher (%3); jede weitere veröffentlichte Reihe würde ihr ε addieren</numerusform>
            <numerusform>ε = %1 insgesamt für die %n veröffentlichten Reihen: eine Schlussfolgerung über %4 wird höchstens %2-mal wahrscheinlicher oder unwahrscheinlicher (%3); jede weitere veröffentlichte Reihe würde ihr ε addieren</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 for %2</source>
        <translation>%1 für %2</translation>
    </message>
    <message>
        <source>&lt;b&gt;How it is split:&lt;/b&gt; %1 of %2 = %3 is split into %4.</source>
        <translation>&lt;b&gt;Wie es aufgeteilt wird:&lt;/b&gt; %1 von %2 = %3 wird aufgeteilt in %4.</translation>
    </message>
    <message>
        <source>&lt;b&gt;How accurate:&lt;/b&gt; &lt;i&gt;noisy marginal&lt;/i&gt; (exact): a count of one %1&apos;s rows ±%2 rows (95%); a running count over many steps more, as its noise adds up over the steps it sums.</source>
        <translation>&lt;b&gt;Wie genau:&lt;/b&gt; &lt;i&gt;verrauschtes Marginal&lt;/i&gt; (exakt): eine Zählung der Zeilen eines %1 ±%2 Zeilen (95 %); eine laufende Zählung über viele Schritte mehr, da sich ihr Rauschen über die summierten Schritte addiert.</translation>
    </message>
</context>
<context>
    <name>streamsynth::ui::ReleaseConfirmDialog</name>
    <message>
        <source>Start a release-mode run?</source>
        <translation>Lauf im Veröffentlichungsmodus starten?</translation>
    </message>
    <message>
        <source>Folder:</source>
        <translation>Ordner:</translation>
    </message>
    <message>
        <source>A continued session writes into the folder of its earlier releases.</source>
        <translation>Eine fortgesetzte Sitzung schreibt in den Ordner ihrer früheren Veröffentlichungen.</translation>
    </message>
    <message>
        <source>A new, empty folder for this stream&apos;s releases and session.</source>
        <translation>Ein neuer, leerer Ordner für die Veröffentlichungen und die Sitzung dieses Datenstroms.</translation>
    </message>
    <message>
        <source>Change…</source>
        <translation>Ändern…</translation>
    </message>
    <message>
        <source>Choose another (new or empty) folder</source>
        <translation>Einen anderen (neuen oder leeren) Ordner wählen</translation>
    </message>
    <message>
        <source>Folder for the releases</source>
        <translation>Ordner für die Veröffentlichungen</translation>
    </message>
    <message>
        <source>I understand that this spends the privacy budget and cannot be undone</source>
        <translation>Ich verstehe, dass dies das Datenschutzbudget verbraucht und nicht rückgängig zu machen ist</translation>
    </message>
    <message>
        <source>Required: the run cannot start in release mode without it</source>
        <translation>Erforderlich: Ohne dies kann der Lauf nicht im Veröffentlichungsmodus starten</translation>
    </message>
    <message>
        <source>Spend the budget and release</source>
        <translation>Budget verbrauchen und veröffentlichen</translation>
    </message>
    <message>
        <source>Start the release-mode run: its budget is spent step by step</source>
        <translation>Den Lauf im Veröffentlichungsmodus starten: Sein Budget wird Schritt für Schritt verbraucht</translation>
    </message>
    <message numerus="yes">
        <source>&lt;li&gt;&lt;b&gt;Publishing all %n series together costs %1&lt;/b&gt;: they read the same rows, so their budgets add up. Tick the series to publish below; the others run for comparison only and release nothing.&lt;/li&gt;</source>
        <translation>
            <numerusform>&lt;li&gt;&lt;b&gt;Die %n Reihe zu veröffentlichen kostet %1&lt;/b&gt;. Kreuzen Sie unten die zu veröffentlichenden Reihen an.&lt;/li&gt;</numerusform>
            <numerusform>&lt;li&gt;&lt;b&gt;Alle %n Reihen zusammen zu veröffentlichen kostet %1&lt;/b&gt;: Sie lesen dieselben Zeilen, daher addieren sich ihre Budgets. Kreuzen Sie unten die zu veröffentlichenden Reihen an; die übrigen laufen nur zum Vergleich und geben nichts frei.&lt;/li&gt;</numerusform>
        </translation>
    </message>
    <message>
        <source>&lt;li&gt;&lt;b&gt;This cannot be undone.&lt;/b&gt; A released step is never released again or withdrawn, and its budget stays spent even if you cancel the run later. Each step is recorded in the release registry %1 before its files, so no copy of the session can release it again.&lt;/li&gt;&lt;li&gt;The releases and the session (saved before each step&apos;s files, so nothing is lost in a crash) are kept in the folder below; StreamSynth never deletes them.&lt;/li&gt;&lt;/ul&gt;</source>
        <translation>&lt;li&gt;&lt;b&gt;Das lässt sich nicht rückgängig machen.&lt;/b&gt; Ein veröffentlichter Schritt wird nie erneut veröffentlicht oder zurückgezogen, und sein Budget bleibt verbraucht, auch wenn Sie den Lauf später abbrechen. Jeder Schritt wird vor seinen Dateien im Freigaberegister %1 vermerkt, damit keine Kopie der Sitzung ihn erneut freigeben kann.&lt;/li&gt;&lt;li&gt;Die Veröffentlichungen und die Sitzung (vor den Dateien jedes Schritts gespeichert, damit bei einem Absturz nichts verloren geht) liegen im Ordner unten; StreamSynth löscht sie nie.&lt;/li&gt;&lt;/ul&gt;</translation>
    </message>
    <message>
        <source>This stream&apos;s limit: ε = %1 in total (releases past it are refused).</source>
        <translation>Grenze dieses Stroms: insgesamt ε = %1 (Freigaben darüber hinaus werden abgelehnt).</translation>
    </message>
    <message>
        <source>Publish:</source>
        <translation>Veröffentlichen:</translation>
    </message>
    <message>
        <source>A continued stream publishes the series it published before.</source>
        <translation>Ein fortgesetzter Strom veröffentlicht die Reihen, die er bisher veröffentlicht hat.</translation>
    </message>
    <message>
        <source>Publish this series&apos; releases; its budget adds to the stream&apos;s total</source>
        <translation>Die Freigaben dieser Reihe veröffentlichen; ihr Budget kommt zur Summe des Stroms hinzu</translation>
    </message>
    <message>
        <source>Tick at least one series to publish.</source>
        <translation>Kreuzen Sie mindestens eine Reihe zum Veröffentlichen an.</translation>
    </message>
    <message>
        <source>The published series cost %1 for the whole stream.</source>
        <translation>Die veröffentlichten Reihen kosten %1 für den ganzen Strom.</translation>
    </message>
    <message>
        <source>Exact: %1</source>
        <translation>Genau: %1</translation>
    </message>
    <message>
        <source>Estimated before the run from public settings only: the public domain (bytes per row) and, for batches, the batch size. Each step&apos;s file of a proposed series holds its whole release; a baseline step&apos;s file holds only the rows new at that step.</source>
        <translation>Vor dem Lauf allein aus öffentlichen Einstellungen geschätzt: aus der öffentlichen Domäne (Bytes pro Zeile) und, bei Stapeln, aus der Stapelgröße. Die Datei eines Schritts einer vorgeschlagenen Reihe enthält die ganze Veröffentlichung; die Datei eines Baseline-Schritts nur die in diesem Schritt neuen Zeilen.</translation>
    </message>
    <message>
        <source>gzip&apos;d CSV; a baseline step&apos;s file holds only its new rows</source>
        <translation>CSV mit gzip komprimiert; die Datei eines Baseline-Schritts enthält nur dessen neue Zeilen</translation>
    </message>
    <message>
        <source>plain CSV, each step&apos;s whole release</source>
        <translation>einfaches CSV, je Schritt die ganze Veröffentlichung</translation>
    </message>
    <message>
        <source>Release files: none.</source>
        <translation>Veröffentlichungsdateien: keine.</translation>
    </message>
    <message numerus="yes">
        <source>Release files: about %1 in %n step file(s) (%2; about %3 per 1,000 rows).</source>
        <translation>
            <numerusform>Veröffentlichungsdateien: etwa %1 in %n Schrittdatei (%2; etwa %3 pro 1.000 Zeilen).</numerusform>
            <numerusform>Veröffentlichungsdateien: etwa %1 in %n Schrittdateien (%2; etwa %3 pro 1.000 Zeilen).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Release files: %n step file(s) (%1) of about %2 per 1,000 rows; the rows per step are private, so the total is not estimated.</source>
        <translation>
            <numerusform>Veröffentlichungsdateien: %n Schrittdatei (%1) mit etwa %2 pro 1.000 Zeilen; die Zeilen pro Schritt sind privat, daher wird die Summe nicht geschätzt.</numerusform>
            <numerusform>Veröffentlichungsdateien: %n Schrittdateien (%1) mit etwa %2 pro 1.000 Zeilen; die Zeilen pro Schritt sind privat, daher wird die Summe nicht geschätzt.</numerusform>
        </translation>
    </message>
    <message>
        <source>Dataset:</source>
        <translation>Datensatz:</translation>
    </message>
    <message>
        <source>The table (and the people in it) this stream is released from. Every stream of one dataset adds to one total, so a second stream of the same rows is never a fresh budget.</source>
        <translation>Die Tabelle (und die Menschen darin), aus der dieser Strom veröffentlicht wird. Jeder Strom eines Datensatzes zählt zu einer Summe, ein zweiter Strom derselben Zeilen ist also nie ein frisches Budget.</translation>
    </message>
    <message>
        <source>Required for a new stream of a dataset that has spent already: its budget adds to the dataset&apos;s total</source>
        <translation>Nötig für einen neuen Strom eines Datensatzes, der schon Budget verbraucht hat: sein Budget kommt zur Summe des Datensatzes hinzu</translation>
    </message>
    <message>
        <source>&lt;b&gt;This dataset has already spent %1.&lt;/b&gt; A new stream reads the same people, so its cost adds up: with it the dataset&apos;s total becomes &lt;b&gt;%2&lt;/b&gt;. To release new rows of a released stream, cancel and continue its session instead (File ▸ Continue with new rows…).</source>
        <translation>&lt;b&gt;Dieser Datensatz hat schon %1 verbraucht.&lt;/b&gt; Ein neuer Strom liest dieselben Menschen, seine Kosten addieren sich also: mit ihm beträgt die Summe des Datensatzes &lt;b&gt;%2&lt;/b&gt;. Um neue Zeilen eines veröffentlichten Stroms zu veröffentlichen, brechen Sie ab und setzen Sie stattdessen seine Sitzung fort (Datei ▸ Mit neuen Zeilen fortsetzen…).</translation>
    </message>
    <message>
        <source>The dataset&apos;s total privacy loss with this stream: %1.</source>
        <translation>Gesamter Privatsphäreverlust des Datensatzes mit diesem Strom: %1.</translation>
    </message>
    <message>
        <source>The dataset&apos;s limit: ε = %1 over all its streams.</source>
        <translation>Grenze des Datensatzes: ε = %1 über alle seine Ströme.</translation>
    </message>
    <message>
        <source>Charge this new stream to “%1” (its total becomes %2)</source>
        <translation>Diesen neuen Strom „%1“ anrechnen (die Summe wird %2)</translation>
    </message>
    <message>
        <source>Charge this new stream to “%1” (tick the series to publish to see its total)</source>
        <translation>Diesen neuen Strom „%1“ anrechnen (die zu veröffentlichenden Reihen ankreuzen, um die Summe zu sehen)</translation>
    </message>
    <message>
        <source>&lt;li&gt;Choose the series to publish by its design, or from runs on public or held-out data: choosing it by &lt;b&gt;this table&apos;s error metrics&lt;/b&gt; (the charts, computed from the private rows) is outside the guarantee.&lt;/li&gt;</source>
        <translation>&lt;li&gt;Wählen Sie die zu veröffentlichende Reihe nach ihrem Entwurf oder nach Läufen auf öffentlichen oder zurückgehaltenen Daten: Eine Wahl nach den &lt;b&gt;Fehlermaßen dieser Tabelle&lt;/b&gt; (die Diagramme, aus den privaten Zeilen berechnet) liegt außerhalb der Garantie.&lt;/li&gt;</translation>
    </message>
    <message>
        <source>gzip&apos;d CSV</source>
        <translation>gzip-komprimiertes CSV</translation>
    </message>
    <message>
        <source>This dataset has already spent %1; tick the series to publish to see its total with this stream.</source>
        <translation>Dieser Datensatz hat schon %1 verbraucht; haken Sie die zu veröffentlichenden Reihen an, um seine Summe mit diesem Strom zu sehen.</translation>
    </message>
    <message>
        <source>Tick the series to publish to see the dataset&apos;s total with this stream.</source>
        <translation>Haken Sie die zu veröffentlichenden Reihen an, um die Summe des Datensatzes mit diesem Strom zu sehen.</translation>
    </message>
    <message>
        <source>Tick a series to see what its ε means.</source>
        <translation>Eine Reihe ankreuzen, um zu sehen, was ihr ε bedeutet.</translation>
    </message>
    <message numerus="yes">
        <source>&lt;p&gt;&lt;b&gt;Release mode spends real privacy budget on publishable releases of “%1”.&lt;/b&gt;&lt;/p&gt;&lt;ul&gt;&lt;li&gt;%n series spend their budget for the whole stream: %2. Each row of the data is counted at one step only, so the budget holds for the whole stream (it protects each row, not each person: someone with several rows is protected less).&lt;/li&gt;</source>
        <translation>
            <numerusform>&lt;p&gt;&lt;b&gt;Der Veröffentlichungsmodus verbraucht echtes Datenschutzbudget für veröffentlichbare Veröffentlichungen von „%1“.&lt;/b&gt;&lt;/p&gt;&lt;ul&gt;&lt;li&gt;%n Reihe verbraucht ihr Budget für den ganzen Datenstrom: %2. Jede Zeile der Daten wird in genau einem Schritt gezählt, daher gilt das Budget für den ganzen Datenstrom (es schützt jede Zeile, nicht jede Person: wer mehrere Zeilen hat, ist weniger geschützt).&lt;/li&gt;</numerusform>
            <numerusform>&lt;p&gt;&lt;b&gt;Der Veröffentlichungsmodus verbraucht echtes Datenschutzbudget für veröffentlichbare Veröffentlichungen von „%1“.&lt;/b&gt;&lt;/p&gt;&lt;ul&gt;&lt;li&gt;%n Reihen verbrauchen ihr Budget für den ganzen Datenstrom: %2. Jede Zeile der Daten wird in genau einem Schritt gezählt, daher gilt das Budget für den ganzen Datenstrom (es schützt jede Zeile, nicht jede Person: wer mehrere Zeilen hat, ist weniger geschützt).&lt;/li&gt;</numerusform>
        </translation>
    </message>
    <message>
        <source>&lt;li&gt;Steps %1 to %2 are released: one publishable synthetic table per published series and step, with fresh random noise from the computer (no seed can reproduce it).&lt;/li&gt;</source>
        <translation>&lt;li&gt;Die Schritte %1 bis %2 werden veröffentlicht: eine veröffentlichbare synthetische Tabelle pro veröffentlichter Reihe und Schritt, mit frischem Zufallsrauschen des Computers (kein Seed kann es reproduzieren).&lt;/li&gt;</translation>
    </message>
    <message>
        <source>This is another table, not the one named above (not the same people)</source>
        <translation>Dies ist eine andere Tabelle, nicht die oben genannte (nicht dieselben Personen)</translation>
    </message>
    <message>
        <source>Required when this table&apos;s file or first rows match a table released before under another dataset: if it is the same table, continue that stream or use that dataset&apos;s name instead</source>
        <translation>Nötig, wenn die Datei oder die ersten Zeilen dieser Tabelle einer Tabelle gleichen, die schon unter einem anderen Datensatz veröffentlicht wurde: Ist es dieselbe Tabelle, setzen Sie jenen Strom fort oder verwenden Sie den Namen jenes Datensatzes</translation>
    </message>
    <message>
        <source>&lt;b&gt;Looks like a table released before:&lt;/b&gt; %1</source>
        <translation>&lt;b&gt;Gleicht einer schon veröffentlichten Tabelle:&lt;/b&gt; %1</translation>
    </message>
</context>
<context>
    <name>streamsynth::ui::ReleaseGuard</name>
    <message>
        <source>Release-mode run not started: not confirmed.</source>
        <translation>Lauf im Veröffentlichungsmodus nicht gestartet: nicht bestätigt.</translation>
    </message>
    <message>
        <source>Release mode</source>
        <translation>Veröffentlichungsmodus</translation>
    </message>
    <message>
        <source>Release mode confirmed: releases and the session (saved before each step) go to %1</source>
        <translation>Veröffentlichungsmodus bestätigt: Veröffentlichungen und Sitzung (vor jedem Schritt gespeichert) kommen nach %1</translation>
    </message>
    <message>
        <source>Release registry</source>
        <translation>Freigaberegister</translation>
    </message>
    <message>
        <source>There is no release registry at %1 yet. A new registry knows nothing of the steps released through your other registries, so a table released there could be released again. Start a new registry there?</source>
        <translation>Unter %1 gibt es noch kein Freigaberegister. Ein neues Register weiß nichts von den Schritten, die über Ihre anderen Register freigegeben wurden; eine dort schon freigegebene Tabelle könnte so erneut freigegeben werden. Dort ein neues Register anlegen?</translation>
    </message>
    <message>
        <source>Release this table again?</source>
        <translation>Diese Tabelle erneut veröffentlichen?</translation>
    </message>
    <message>
        <source>&lt;p&gt;This table&apos;s stream has already released steps (session %1).&lt;/p&gt;&lt;p&gt;A new release-mode run would be a &lt;b&gt;second stream over the same rows&lt;/b&gt;: its budget adds to the dataset&apos;s total. To release only the rows that are new since, continue the released stream instead.&lt;/p&gt;</source>
        <translation>&lt;p&gt;Der Strom dieser Tabelle hat schon Schritte veröffentlicht (Sitzung %1).&lt;/p&gt;&lt;p&gt;Ein neuer Lauf im Veröffentlichungsmodus wäre ein &lt;b&gt;zweiter Strom über dieselben Zeilen&lt;/b&gt;: sein Budget kommt zur Summe des Datensatzes hinzu. Um nur die seither neuen Zeilen zu veröffentlichen, setzen Sie stattdessen den veröffentlichten Strom fort.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Continue the released stream</source>
        <translation>Veröffentlichten Strom fortsetzen</translation>
    </message>
    <message>
        <source>Start a new stream of the dataset…</source>
        <translation>Neuen Strom des Datensatzes beginnen…</translation>
    </message>
    <message>
        <source>Continuing the released stream of %1 with its new rows.</source>
        <translation>Der veröffentlichte Strom von %1 wird mit seinen neuen Zeilen fortgesetzt.</translation>
    </message>
    <message>
        <source>Release-mode run not started: the table&apos;s stream was released already.</source>
        <translation>Lauf im Veröffentlichungsmodus nicht gestartet: der Strom der Tabelle wurde schon veröffentlicht.</translation>
    </message>
    <message>
        <source>Stream %1: %2 Each step is claimed in the release registry %3.</source>
        <translation>Datenstrom %1: %2 Jeder Schritt wird im Veröffentlichungsregister %3 beansprucht.</translation>
    </message>
    <message>
        <source>&lt;p&gt;%1 is a copy of a release registry file: a backup, a copy, or the file moved to another disk. Steps released through two copies of one registry would be released twice, and neither copy would know.&lt;/p&gt;&lt;p&gt;Use it only if it is your registry restored from a backup (or moved), and no other copy of it is in use.&lt;/p&gt;</source>
        <translation>&lt;p&gt;%1 ist eine Kopie einer Veröffentlichungsregister-Datei: eine Sicherung, eine Kopie oder die auf einen anderen Datenträger verschobene Datei. Schritte, die über zwei Kopien eines Registers veröffentlicht werden, würden zweimal veröffentlicht, und keine der Kopien wüsste davon.&lt;/p&gt;&lt;p&gt;Verwenden Sie sie nur, wenn es Ihr aus einer Sicherung wiederhergestelltes (oder verschobenes) Register ist und keine andere Kopie davon in Gebrauch ist.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>The default registry</source>
        <translation>Das Standardregister</translation>
    </message>
    <message>
        <source>It is the registry, restored</source>
        <translation>Es ist das Register, wiederhergestellt</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>the default one in your data folder</source>
        <translation>das Standardregister in Ihrem Datenordner</translation>
    </message>
    <message>
        <source>Release registry: %1, recorded as the registry restored from a backup; steps are claimed through it from now on</source>
        <translation>Veröffentlichungsregister: %1, als aus einer Sicherung wiederhergestelltes Register vermerkt; Schritte werden von nun an darüber beansprucht</translation>
    </message>
    <message>
        <source>Release registry: %1</source>
        <translation>Veröffentlichungsregister: %1</translation>
    </message>
    <message>
        <source>The newer one is lost: use it</source>
        <translation>Das neuere ist verloren: dieses verwenden</translation>
    </message>
    <message>
        <source>&lt;p&gt;%1 is an older copy of the registry seen on this computer: it holds fewer records, or lacks the last one written (an older backup, a disk snapshot). Steps claimed since it was copied could be released a second time.&lt;/p&gt;&lt;p&gt;Use it only if the newer registry is lost for good, and never continue a stream from a session older than its last release.&lt;/p&gt;</source>
        <translation>&lt;p&gt;%1 ist eine ältere Kopie des auf diesem Computer gesehenen Registers: Es enthält weniger Einträge, oder ihm fehlt der zuletzt geschriebene (eine ältere Sicherung, ein Schnappschuss der Platte). Seit der Kopie beanspruchte Schritte könnten ein zweites Mal veröffentlicht werden.&lt;/p&gt;&lt;p&gt;Verwenden Sie es nur, wenn das neuere Register endgültig verloren ist, und setzen Sie nie einen Strom aus einer Sitzung fort, die älter als seine letzte Veröffentlichung ist.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>The database that records every released step (a SQLite file, or postgresql://… shared by several machines). Empty: the default, %1. A continued stream keeps its own.</source>
        <translation>Die Datenbank, die jeden veröffentlichten Schritt festhält (eine SQLite-Datei oder postgresql://…, von mehreren Rechnern geteilt). Leer: die Voreinstellung, %1. Ein fortgesetzter Strom behält seine eigene.</translation>
    </message>
    <message>
        <source>Choose a file…</source>
        <translation>Datei wählen…</translation>
    </message>
    <message>
        <source>Release registry file</source>
        <translation>Datei des Veröffentlichungsregisters</translation>
    </message>
    <message>
        <source>Release registries (*.sqlite);;All files (*)</source>
        <translation>Veröffentlichungsregister (*.sqlite);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>This stream&apos;s releases of steps 1..%1 went to %2; %3 gets those from step %4 on: publish the two folders together.</source>
        <translation>Die Veröffentlichungen der Schritte 1..%1 dieses Datenstroms liegen in %2; %3 erhält die ab Schritt %4: Veröffentlichen Sie beide Ordner zusammen.</translation>
    </message>
    <message>
        <source>Release registry: %1, taken as the registry though older than the one last seen; released steps written back into it from what this computer saw since it was copied: %2</source>
        <translation>Veröffentlichungsregister: %1, als Register übernommen, obwohl älter als das zuletzt gesehene; veröffentlichte Schritte, die dieser Computer seit dem Kopieren gesehen hat und die darin wieder eingetragen wurden: %2</translation>
    </message>
</context>
<context>
    <name>streamsynth::ui::ReleasesView</name>
    <message>
        <source>comparison only</source>
        <translation>nur zum Vergleich</translation>
    </message>
    <message>
        <source>Ran for comparison only: not published in this release-mode run, so its releases are neither written to the release folder nor exported (tick it as published when a run starts to publish it). Select the row to preview it.</source>
        <translation>Lief nur zum Vergleich: in diesem Freigabelauf nicht veröffentlicht, daher werden seine Freigaben weder in den Freigabeordner geschrieben noch exportiert (beim Start eines Laufs als veröffentlicht ankreuzen, um sie zu veröffentlichen). Zeile auswählen für die Vorschau.</translation>
    </message>
    <message>
        <source>%1 ran for comparison only: it is not published in this release-mode run, so there is nothing of it to export.</source>
        <translation>%1 lief nur zum Vergleich: in diesem Freigabelauf nicht veröffentlicht, daher gibt es davon nichts zu exportieren.</translation>
    </message>
    <message>
        <source>Series</source>
        <translation>Reihen</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>Schritt</translation>
    </message>
    <message>
        <source>Period</source>
        <translation>Zeitraum</translation>
    </message>
    <message>
        <source>ε spent</source>
        <translation>ε verbraucht</translation>
    </message>
    <message>
        <source>Model cells</source>
        <translation>Modellzellen</translation>
    </message>
    <message>
        <source>Seconds</source>
        <translation>Sekunden</translation>
    </message>
    <message>
        <source>Export selected…</source>
        <translation>Auswahl exportieren…</translation>
    </message>
    <message>
        <source>No release to preview.</source>
        <translation>Keine Veröffentlichung zur Vorschau.</translation>
    </message>
    <message>
        <source>Release</source>
        <translation>Veröffentlichung</translation>
    </message>
    <message>
        <source>Export all steps…</source>
        <translation>Alle Schritte exportieren…</translation>
    </message>
    <message>
        <source>Write every step&apos;s release of the current row&apos;s series: one CSV per release, each with its manifest, and a manifest listing them</source>
        <translation>Die Veröffentlichungen aller Schritte der Reihe der aktuellen Zeile schreiben: eine CSV je Veröffentlichung, jeweils mit Manifest, und ein Manifest, das sie auflistet</translation>
    </message>
    <message>
        <source>Write the selected rows&apos; releases: one CSV per release, each with its manifest, and a manifest listing them</source>
        <translation>Die Veröffentlichungen der ausgewählten Zeilen schreiben: eine CSV je Veröffentlichung, jeweils mit Manifest, und ein Manifest, das sie auflistet</translation>
    </message>
    <message>
        <source>The release of this step is not available.</source>
        <translation>Die Veröffentlichung dieses Schritts ist nicht verfügbar.</translation>
    </message>
    <message>
        <source>Select a row to preview the release of that step.</source>
        <translation>Eine Zeile auswählen, um die Veröffentlichung dieses Schritts anzuzeigen.</translation>
    </message>
    <message>
        <source>on disk</source>
        <translation>auf der Festplatte</translation>
    </message>
    <message>
        <source>not available</source>
        <translation>nicht verfügbar</translation>
    </message>
    <message>
        <source>Kept in this run&apos;s release spool (a temporary folder): select the row to preview it</source>
        <translation>Im Veröffentlichungsspeicher dieses Laufs (ein temporärer Ordner) aufbewahrt: Zeile auswählen für die Vorschau</translation>
    </message>
    <message>
        <source>Export all steps of %1…</source>
        <translation>Alle Schritte von %1 exportieren…</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;, step %2 (%3)</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;, Schritt %2 (%3)</translation>
    </message>
    <message>
        <source>%1: %2 synthetic rows.</source>
        <translation>%1: %2 synthetische Zeilen.</translation>
    </message>
    <message>
        <source>The spooled release cannot be read: %1</source>
        <translation>Die gespeicherte Veröffentlichung kann nicht gelesen werden: %1</translation>
    </message>
    <message>
        <source>Rows</source>
        <translation>Zeilen</translation>
    </message>
    <message>
        <source>Not published: its ε is not counted in the stream&apos;s total</source>
        <translation>Nicht veröffentlicht: Sein ε zählt nicht zur Summe des Datenstroms</translation>
    </message>
    <message>
        <source>in the release folder</source>
        <translation>im Veröffentlichungsordner</translation>
    </message>
    <message>
        <source>Released: this step&apos;s files are in the release folder %1. A session keeps only the last release of each series, so it cannot be previewed here.</source>
        <translation>Veröffentlicht: Die Dateien dieses Schritts liegen im Veröffentlichungsordner %1. Eine Sitzung behält nur die letzte Veröffentlichung jeder Reihe, daher ist hier keine Vorschau möglich.</translation>
    </message>
    <message>
        <source>Rows released: the synthetic table&apos;s size, the release&apos;s noisy estimate of the rows so far (with few rows a step it can be far from the true count, which is private)</source>
        <translation>Veröffentlichte Zeilen: die Größe der synthetischen Tabelle, die verrauschte Schätzung der bisherigen Zeilen durch die Veröffentlichung (bei wenigen Zeilen je Schritt kann sie weit von der wahren, privaten Zahl entfernt sein)</translation>
    </message>
</context>
<context>
    <name>streamsynth::ui::RunPresenter</name>
    <message>
        <source>Autosave failed at step %1: %2</source>
        <translation>Automatisches Speichern bei Schritt %1 fehlgeschlagen: %2</translation>
    </message>
    <message>
        <source>start a new run</source>
        <translation>einen neuen Lauf starten</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>Ausführen</translation>
    </message>
    <message>
        <source>Continuing: steps %1..%2 of %3 series</source>
        <translation>Fortsetzung: Schritte %1..%2 von %3 Reihen</translation>
    </message>
    <message>
        <source>Run started: %1 series over %2 steps, k = %3, fit %4</source>
        <translation>Lauf gestartet: %1 Reihen über %2 Schritte, k = %3, Anpassung %4</translation>
    </message>
    <message>
        <source>Autosave is on but no session file was chosen: this run is not autosaved.</source>
        <translation>Automatisches Speichern ist an, aber keine Sitzungsdatei wurde gewählt: dieser Lauf wird nicht automatisch gespeichert.</translation>
    </message>
    <message>
        <source>Autosave</source>
        <translation>Automatisch speichern</translation>
    </message>
    <message>
        <source>Autosaving the session after every step to %1</source>
        <translation>Die Sitzung wird nach jedem Schritt automatisch in %1 gespeichert</translation>
    </message>
    <message>
        <source>Cancelling: the step in progress is abandoned, finished releases are kept.</source>
        <translation>Abbruch: Der laufende Schritt wird verworfen, fertige Veröffentlichungen bleiben erhalten.</translation>
    </message>
    <message>
        <source>Paused</source>
        <translation>Angehalten</translation>
    </message>
    <message>
        <source>Resumed</source>
        <translation>Fortgesetzt</translation>
    </message>
    <message>
        <source>Cancelled after %1 steps; finished releases kept.</source>
        <translation>Nach %1 Schritten abgebrochen; fertige Veröffentlichungen bleiben erhalten.</translation>
    </message>
    <message>
        <source>Run finished: %1 steps.</source>
        <translation>Lauf beendet: %1 Schritte.</translation>
    </message>
    <message>
        <source>Release spool: %1 releases, %2 MB in %3</source>
        <translation>Veröffentlichungsspeicher: %1 Veröffentlichungen, %2 MB in %3</translation>
    </message>
    <message>
        <source>Run failed.</source>
        <translation>Lauf fehlgeschlagen.</translation>
    </message>
    <message>
        <source>Run failed</source>
        <translation>Lauf fehlgeschlagen</translation>
    </message>
    <message>
        <source>Large attributes</source>
        <translation>Große Attribute</translation>
    </message>
    <message>
        <source>Large attributes: the support check finds every categorical attribute supported at these settings; nothing to coarsen.</source>
        <translation>Große Attribute: laut Trägerprüfung sind bei diesen Einstellungen alle kategorialen Attribute getragen; nichts zu vergröbern.</translation>
    </message>
    <message>
        <source>Every categorical attribute is supported at this ε and period: nothing to coarsen.</source>
        <translation>Bei diesem ε und dieser Periode sind alle kategorialen Attribute getragen: nichts zu vergröbern.</translation>
    </message>
    <message>
        <source>Coarsening proposal (computed from the private rows per step, for you only):</source>
        <translation>Vergröberungsvorschlag (aus den privaten Zeilen pro Schritt berechnet, nur für Sie):</translation>
    </message>
    <message>
        <source>Accepted for the next run: %1</source>
        <translation>Für den nächsten Lauf übernommen: %1</translation>
    </message>
    <message>
        <source>Applied: %1</source>
        <translation>Angewandt: %1</translation>
    </message>
    <message>
        <source>&apos;%1&apos; (%2 %3) is not supported at this ε and period: about %4 rows per label each %5 against noise of about ±%6 rows.</source>
        <translation>„%1“ (%2 %3) wird bei diesem ε und dieser Periode nicht getragen: etwa %4 Zeilen je Label und %5 gegenüber einem Rauschen von etwa ±%6 Zeilen.</translation>
    </message>
    <message>
        <source>bins</source>
        <translation>Klassen</translation>
    </message>
    <message>
        <source>labels</source>
        <translation>Labels</translation>
    </message>
    <message>
        <source>The large-attribute choice you accepted was proposed from the number of rows in each %1 of your table, which is private and must not decide what a release publishes. Open Large attributes… again with release mode on: it asks for the rows per %1 you know publicly.</source>
        <translation>Die angenommene Wahl für große Attribute wurde aus der Zeilenzahl pro %1 Ihrer Tabelle vorgeschlagen; diese ist privat und darf nicht bestimmen, was eine Veröffentlichung enthält. Öffnen Sie Große Attribute… erneut bei eingeschaltetem Veröffentlichungsmodus: Dort werden die Zeilen pro %1 erfragt, die Sie öffentlich kennen.</translation>
    </message>
    <message>
        <source>Coarsening proposal (computed from %1 public rows per %2):</source>
        <translation>Vergröberungsvorschlag (aus %1 öffentlichen Zeilen pro %2 berechnet):</translation>
    </message>
    <message>
        <source>proposed from your table&apos;s own rows per %1: for evaluation runs only</source>
        <translation>aus den eigenen Zeilen Ihrer Tabelle pro %1 vorgeschlagen: nur für Auswertungsläufe</translation>
    </message>
    <message>
        <source>Accepted for the next run: %1; %2</source>
        <translation>Für den nächsten Lauf übernommen: %1; %2</translation>
    </message>
</context>
<context>
    <name>streamsynth::ui::RunStatus</name>
    <message>
        <source>Ready</source>
        <translation>Bereit</translation>
    </message>
    <message>
        <source>⚠ Error metrics are computed from private data: not for publication.</source>
        <translation>⚠ Fehlermaße werden aus privaten Daten berechnet: nicht zur Veröffentlichung.</translation>
    </message>
    <message>
        <source>The charts compare releases with the true private table. They are not differentially private; publish only the synthetic releases.</source>
        <translation>Die Diagramme vergleichen Veröffentlichungen mit der echten privaten Tabelle. Sie sind nicht differentiell privat; veröffentlichen Sie nur die synthetischen Daten.</translation>
    </message>
    <message>
        <source>step 0 / %1 · %2 series</source>
        <translation>Schritt 0 / %1 · %2 Reihen</translation>
    </message>
    <message>
        <source>%p % · ETA %1</source>
        <translation>%p % · Rest %1</translation>
    </message>
    <message>
        <source>step %1 / %2 · %3 series</source>
        <translation>Schritt %1 / %2 · %3 Reihen</translation>
    </message>
    <message>
        <source>autosaved step %1 · %2</source>
        <translation>Schritt %1 automatisch gespeichert · %2</translation>
    </message>
    <message>
        <source>autosave failed at step %1</source>
        <translation>automatisches Speichern bei Schritt %1 fehlgeschlagen</translation>
    </message>
    <message>
        <source>%p % · Paused</source>
        <translation>%p % · Angehalten</translation>
    </message>
    <message>
        <source>Paused at step %1 / %2 · %3 series</source>
        <translation>Angehalten bei Schritt %1 / %2 · %3 Reihen</translation>
    </message>
    <message numerus="yes">
        <source>%n series at step %1</source>
        <translation>
            <numerusform>%n Reihe bei Schritt %1</numerusform>
            <numerusform>%n Reihen bei Schritt %1</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>streamsynth::ui::RunWorker</name>
    <message>
        <source>Nothing to run.</source>
        <translation>Nichts auszuführen.</translation>
    </message>
    <message>
        <source>Internal error: %1</source>
        <translation>Interner Fehler: %1</translation>
    </message>
    <message>
        <source>Internal error of unknown kind.</source>
        <translation>Interner Fehler unbekannter Art.</translation>
    </message>
</context>
<context>
    <name>streamsynth::ui::SelectionView</name>
    <message>
        <source>Series:</source>
        <translation>Reihe:</translation>
    </message>
    <message>
        <source>Selections per workload (no run yet)</source>
        <translation>Auswahlen pro Workload (noch kein Lauf)</translation>
    </message>
    <message>
        <source>workload %1</source>
        <translation>Workload %1</translation>
    </message>
    <message>
        <source>The series whose selections are shown</source>
        <translation>Die Reihe, deren Auswahlen gezeigt werden</translation>
    </message>
    <message>
        <source>Workload</source>
        <translation>Workload</translation>
    </message>
    <message>
        <source>Times selected</source>
        <translation>Mal ausgewählt</translation>
    </message>
    <message>
        <source>Share of steps</source>
        <translation>Anteil der Schritte</translation>
    </message>
    <message>
        <source>How often each workload was chosen for measurement (k per step), most often first</source>
        <translation>Wie oft jeder Workload zur Messung gewählt wurde (k je Schritt), der häufigste zuerst</translation>
    </message>
    <message>
        <source>Most selected workloads of %1 (top %2)</source>
        <translation>Am häufigsten ausgewählte Workloads von %1 (die ersten %2)</translation>
    </message>
    <message>
        <source>%1% of %2 steps</source>
        <translation>%1% von %2 Schritten</translation>
    </message>
</context>
<context>
    <name>streamsynth::ui::SeriesChooser</name>
    <message>
        <source>Series</source>
        <translation>Reihen</translation>
    </message>
    <message>
        <source>baseline (independent per step)</source>
        <translation>Baseline (unabhängig pro Schritt)</translation>
    </message>
    <message>
        <source>baseline · carried model, every column measured</source>
        <translation>Baseline · fortgeführtes Modell, jede Spalte gemessen</translation>
    </message>
    <message>
        <source>MWEM + graphical model per step that starts from the previous step&apos;s model and first measures every column&apos;s 1-way marginal with three quarters of the budget. The most accurate series on Adult; on thin streams (a few rows per step) single columns can end further from the truth than a uniform column.</source>
        <translation>MWEM + grafisches Modell pro Schritt, das vom Modell des vorigen Schritts ausgeht und zuerst die eindimensionale Randverteilung jeder Spalte mit drei Vierteln des Budgets misst. Die genaueste Reihe auf Adult; bei dünnen Strömen (wenige Zeilen pro Schritt) können einzelne Spalten weiter von der Wahrheit entfernt enden als eine gleichverteilte Spalte.</translation>
    </message>
    <message>
        <source>Arity K of the tree (odd, 3 to 63).</source>
        <translation>Stelligkeit K des Baums (ungerade, 3 bis 63).</translation>
    </message>
    <message>
        <source>T =</source>
        <translation>T =</translation>
    </message>
    <message>
        <source>Only under ρ-zCDP: this factorisation has no pure ε-DP calibration (the L1 norm of its noise&apos;s columns grows without bound, like √T). Choose the zCDP privacy model to use it.</source>
        <translation>Nur unter ρ-zCDP: diese Faktorisierung hat keine Kalibrierung für reine ε-DP (die L1-Norm der Spalten ihres Rauschens wächst unbeschränkt, wie √T). Wählen Sie das Privatsphäre-Modell zCDP, um sie zu verwenden.</translation>
    </message>
    <message>
        <source>An independent MWEM + graphical model per step, each step with the whole budget (the paper&apos;s baseline).</source>
        <translation>Ein unabhängiges MWEM mit grafischem Modell je Schritt, jeder Schritt mit dem ganzen Budget (die Basislinie des Artikels).</translation>
    </message>
    <message>
        <source>B: steps per block (about √T is best).</source>
        <translation>B: Schritte je Block (etwa √T ist am besten).</translation>
    </message>
    <message>
        <source>T: the stream&apos;s horizon in steps (the counter needs it in advance).</source>
        <translation>T: der Horizont des Datenstroms in Schritten (der Zähler braucht ihn im Voraus).</translation>
    </message>
    <message>
        <source>proposed · %1</source>
        <translation>vorgeschlagen · %1</translation>
    </message>
    <message>
        <source>proposed · %1, B =</source>
        <translation>vorgeschlagen · %1, B =</translation>
    </message>
    <message>
        <source>proposed · %1, T =</source>
        <translation>vorgeschlagen · %1, T =</translation>
    </message>
    <message>
        <source>proposed · %1, K =</source>
        <translation>vorgeschlagen · %1, K =</translation>
    </message>
</context>
<context>
    <name>streamsynth::ui::SessionController</name>
    <message>
        <source>Save session</source>
        <translation>Sitzung speichern</translation>
    </message>
    <message>
        <source>Session saved to %1 (steps 1..%2 released)</source>
        <translation>Sitzung in %1 gespeichert (Schritte 1..%2 veröffentlicht)</translation>
    </message>
    <message>
        <source>Open session</source>
        <translation>Sitzung öffnen</translation>
    </message>
    <message>
        <source>not kept</source>
        <translation>nicht aufbewahrt</translation>
    </message>
    <message>
        <source>Not kept: a session keeps only the last release of each series (the one the next step continues from), not the releases of earlier steps.</source>
        <translation>Nicht aufbewahrt: Eine Sitzung enthält nur die letzte Veröffentlichung jeder Reihe (die, an die der nächste Schritt anschließt), nicht die Veröffentlichungen früherer Schritte.</translation>
    </message>
    <message>
        <source>Session with %1 released steps (%2); the last release of each series can be previewed and exported. Use Continue with new rows… to add steps.</source>
        <translation>Sitzung mit %1 veröffentlichten Schritten (%2); die letzte Veröffentlichung jeder Reihe kann angesehen und exportiert werden. Mit „Mit neuen Zeilen fortsetzen…“ kommen Schritte hinzu.</translation>
    </message>
    <message>
        <source>Step %1 was cancelled after part of its budget was spent: this session cannot be continued.</source>
        <translation>Schritt %1 wurde abgebrochen, nachdem ein Teil seines Budgets verbraucht war: diese Sitzung kann nicht fortgesetzt werden.</translation>
    </message>
    <message>
        <source>Opened session %1: %2</source>
        <translation>Sitzung %1 geöffnet: %2</translation>
    </message>
    <message>
        <source>Continue with new rows</source>
        <translation>Mit neuen Zeilen fortsetzen</translation>
    </message>
    <message>
        <source>Digest check passed: %1 released steps verified, %2 new steps (%3..%4).</source>
        <translation>Prüfsummen-Kontrolle bestanden: %1 veröffentlichte Schritte bestätigt, %2 neue Schritte (%3..%4).</translation>
    </message>
    <message>
        <source>Autosave session to</source>
        <translation>Sitzung automatisch speichern unter</translation>
    </message>
    <message>
        <source>StreamSynth sessions (*.session)</source>
        <translation>StreamSynth-Sitzungen (*.session)</translation>
    </message>
    <message>
        <source>Checking the released steps on %1…</source>
        <translation>Die veröffentlichten Schritte werden auf %1 geprüft…</translation>
    </message>
    <message>
        <source>Nothing new to release: the table has no rows for a step after the stream&apos;s %1 released steps (which still hold the same rows). Add the next period&apos;s rows to the table, or give a later end, then continue.</source>
        <translation>Nichts Neues zu veröffentlichen: Die Tabelle hat keine Zeilen für einen Schritt nach den %1 veröffentlichten Schritten des Datenstroms (die noch dieselben Zeilen enthalten). Fügen Sie der Tabelle die Zeilen der nächsten Periode hinzu oder geben Sie ein späteres Ende an, dann setzen Sie fort.</translation>
    </message>
    <message>
        <source>Continuing refused: %1. (Checked first: %2 of %3 released steps hold the same rows.)</source>
        <translation>Fortsetzen abgelehnt: %1. (Zuvor geprüft: %2 von %3 veröffentlichten Schritten enthalten dieselben Zeilen.)</translation>
    </message>
    <message>
        <source>not in a saved session (it keeps no private table)</source>
        <translation>nicht in einer gespeicherten Sitzung (sie enthält keine privaten Daten)</translation>
    </message>
    <message>
        <source>Session saved to %1 (steps 1..%2 of an evaluation run)</source>
        <translation>Sitzung gespeichert unter %1 (Schritte 1..%2 eines Auswertungslaufs)</translation>
    </message>
    <message>
        <source>Session of an evaluation run with %1 steps (%2); the last release of each series can be previewed and exported. Use Continue with new rows… to add steps.</source>
        <translation>Sitzung eines Auswertungslaufs mit %1 Schritten (%2); die letzte Veröffentlichung jeder Reihe kann angesehen und exportiert werden. Mit „Mit neuen Zeilen fortsetzen…“ kommen Schritte hinzu.</translation>
    </message>
</context>
<context>
    <name>streamsynth::ui::SpoolNotices</name>
    <message>
        <source>The release of %1 at step %2 could not be kept for preview and export: %3</source>
        <translation>Die Veröffentlichung von %1 in Schritt %2 konnte nicht für Vorschau und Export aufbewahrt werden: %3</translation>
    </message>
    <message>
        <source>Release spool</source>
        <translation>Veröffentlichungsspeicher</translation>
    </message>
    <message>
        <source>Past releases cannot be kept for preview and export: %1</source>
        <translation>Frühere Veröffentlichungen können nicht für Vorschau und Export aufbewahrt werden: %1</translation>
    </message>
</context>
<context>
    <name>streamsynth::ui::StreamText</name>
    <message>
        <source>hash order</source>
        <translation>Hash-Reihenfolge</translation>
    </message>
    <message>
        <source>random order</source>
        <translation>zufällige Reihenfolge</translation>
    </message>
    <message>
        <source>sorted order</source>
        <translation>sortierte Reihenfolge</translation>
    </message>
    <message>
        <source>batches of %1, %2</source>
        <translation>Stapel zu %1, %2</translation>
    </message>
</context>
<context>
    <name>streamsynth::ui::SupportNotice</name>
    <message>
        <source>Hide this notice (the details stay in the Log tab)</source>
        <translation>Hinweis ausblenden (die Einzelheiten bleiben im Reiter Protokoll)</translation>
    </message>
    <message>
        <source>Support check (computed from the private data, for you only):</source>
        <translation>Prüfung der Datengrundlage (aus den privaten Daten berechnet, nur für Sie):</translation>
    </message>
    <message>
        <source>Cells: those of the smallest workload that holds the attribute (for example 50 codes × 3 codes of the other attribute = 150 cells); each step&apos;s rows spread over all of them.</source>
        <translation>Zellen: die des kleinsten Workloads, der das Attribut enthält (zum Beispiel 50 Codes × 3 Codes des anderen Attributs = 150 Zellen); die Zeilen jedes Schritts verteilen sich auf alle.</translation>
    </message>
    <message numerus="yes">
        <source>Support check (%n finding(s)): attributes drowned by the noise in a single step may need many steps to show, or stay nearly uniform (a larger ε or a longer period helps). Details in the Log tab; from the private data, for you only.</source>
        <translation>
            <numerusform>Prüfung der Datengrundlage (%n Befund): Attribute, die das Rauschen in einem einzelnen Schritt überdeckt, brauchen unter Umständen viele Schritte, um sichtbar zu werden, oder bleiben nahezu gleichverteilt (ein größeres ε oder ein längerer Zeitraum hilft). Einzelheiten im Protokoll-Tab; aus den privaten Daten, nur für Sie.</numerusform>
            <numerusform>Prüfung der Datengrundlage (%n Befunde): Attribute, die das Rauschen in einem einzelnen Schritt überdeckt, brauchen unter Umständen viele Schritte, um sichtbar zu werden, oder bleiben nahezu gleichverteilt (ein größeres ε oder ein längerer Zeitraum hilft). Einzelheiten im Protokoll-Tab; aus den privaten Daten, nur für Sie.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>streamsynth::ui::TargetAccuracyDialog</name>
    <message>
        <source>Target accuracy</source>
        <translation>Zielgenauigkeit</translation>
    </message>
    <message>
        <source>Type the accuracy you need: StreamSynth proposes the smallest budget with which the proposed streamer is expected to reach it, from public settings only.</source>
        <translation>Geben Sie die benötigte Genauigkeit ein: StreamSynth schlägt das kleinste Budget vor, mit dem das vorgeschlagene Verfahren sie voraussichtlich erreicht, allein aus öffentlichen Einstellungen.</translation>
    </message>
    <message>
        <source>1-way: the counters&apos; noise plus the largest bias of their shrinkage, per share; the fit&apos;s own error is not in it (validated on Adult for targets up to 5 points). AvgWE: calibrated on Adult, a guide on other data. Help ▸ Guide, &quot;Target accuracy&quot;.</source>
        <translation>Eindimensional: das Rauschen der Zähler plus die größte Verzerrung durch ihre Schrumpfung, je Anteil; der eigene Fehler der Anpassung ist darin nicht enthalten (auf Adult geprüft für Ziele bis 5 Punkte). AvgWE: auf Adult kalibriert, für andere Daten ein Richtwert. Hilfe ▸ Anleitung, „Zielgenauigkeit“.</translation>
    </message>
    <message>
        <source>Use this budget</source>
        <translation>Dieses Budget übernehmen</translation>
    </message>
    <message>
        <source>every 1-way share within ± (points)</source>
        <translation>jeder eindimensionale Anteil innerhalb ± (Prozentpunkte)</translation>
    </message>
    <message>
        <source>AvgWE at most</source>
        <translation>AvgWE höchstens</translation>
    </message>
    <message>
        <source>1-way: the largest error of a share, in percentage points (2 = a true share of 30% is released between 28% and 32%). AvgWE: the bound on the average workload error.</source>
        <translation>Eindimensional: der größte Fehler eines Anteils in Prozentpunkten (2 = ein wahrer Anteil von 30 % wird zwischen 28 % und 32 % veröffentlicht). AvgWE: die Schranke für den mittleren Workload-Fehler.</translation>
    </message>
    <message>
        <source>The probability with which each share is within the bound.</source>
        <translation>Die Wahrscheinlichkeit, mit der jeder Anteil innerhalb der Schranke liegt.</translation>
    </message>
    <message>
        <source>with probability</source>
        <translation>mit Wahrscheinlichkeit</translation>
    </message>
    <message>
        <source>Target:</source>
        <translation>Ziel:</translation>
    </message>
    <message>
        <source>at every step</source>
        <translation>bei jedem Schritt</translation>
    </message>
    <message>
        <source>every N steps (12 = each year of months)</source>
        <translation>alle N Schritte (12 = jedes Jahr bei Monaten)</translation>
    </message>
    <message>
        <source>at the last step</source>
        <translation>beim letzten Schritt</translation>
    </message>
    <message>
        <source>Checked:</source>
        <translation>Geprüft:</translation>
    </message>
    <message>
        <source>The number of steps the stream will release.</source>
        <translation>Die Zahl der Schritte, die der Strom veröffentlichen wird.</translation>
    </message>
    <message>
        <source>Steps:</source>
        <translation>Schritte:</translation>
    </message>
    <message>
        <source>your expected rows per step</source>
        <translation>Ihre erwarteten Zeilen je Schritt</translation>
    </message>
    <message>
        <source>The batch size (public).</source>
        <translation>Die Batch-Größe (öffentlich).</translation>
    </message>
    <message>
        <source>Your own estimate: a period&apos;s row count is private, so StreamSynth does not fill it in from the data.</source>
        <translation>Ihre eigene Schätzung: Die Zeilenzahl eines Zeitraums ist privat, daher übernimmt StreamSynth sie nicht aus den Daten.</translation>
    </message>
    <message>
        <source>Rows per step:</source>
        <translation>Zeilen je Schritt:</translation>
    </message>
    <message>
        <source>ε (at δ = %1)</source>
        <translation>ε (bei δ = %1)</translation>
    </message>
    <message>
        <source>Type the bound as a number above 0.</source>
        <translation>Geben Sie die Schranke als Zahl über 0 ein.</translation>
    </message>
    <message>
        <source>Type the probability as a number between 0 and 1.</source>
        <translation>Geben Sie die Wahrscheinlichkeit als Zahl zwischen 0 und 1 ein.</translation>
    </message>
    <message>
        <source>Type the rows you expect per step.</source>
        <translation>Geben Sie die Zeilen ein, die Sie je Schritt erwarten.</translation>
    </message>
    <message>
        <source>Not reachable: %1.</source>
        <translation>Nicht erreichbar: %1.</translation>
    </message>
    <message>
        <source>Proposed: %1 = %2 (the smallest that reaches the target at every checked step; the hardest is step %3, attribute &apos;%4&apos;).</source>
        <translation>Vorschlag: %1 = %2 (das kleinste, das das Ziel bei jedem geprüften Schritt erreicht; am schwierigsten ist Schritt %3, Attribut „%4“).</translation>
    </message>
    <message>
        <source>At the current %1 = %2 the steps would need at least %3 rows (a larger batch or a longer period).</source>
        <translation>Beim aktuellen %1 = %2 bräuchten die Schritte mindestens %3 Zeilen (ein größerer Batch oder ein längerer Zeitraum).</translation>
    </message>
    <message>
        <source>No number of rows reaches it at the current %1.</source>
        <translation>Beim aktuellen %1 erreicht es keine Zeilenzahl.</translation>
    </message>
    <message>
        <source>Caution: this target is looser than the range the model was validated in; the fit&apos;s own error may exceed these figures.</source>
        <translation>Vorsicht: Dieses Ziel ist lockerer als der Bereich, in dem das Modell geprüft wurde; der eigene Fehler der Anpassung kann diese Werte übersteigen.</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>Schritt</translation>
    </message>
    <message>
        <source>1-way ± (points), proposed</source>
        <translation>eindimensional ± (Punkte), Vorschlag</translation>
    </message>
    <message>
        <source>AvgWE, proposed</source>
        <translation>AvgWE, Vorschlag</translation>
    </message>
    <message>
        <source>1-way ± (points), current</source>
        <translation>eindimensional ± (Punkte), aktuell</translation>
    </message>
    <message>
        <source>AvgWE, current</source>
        <translation>AvgWE, aktuell</translation>
    </message>
    <message>
        <source>Working out the budget for this target…</source>
        <translation>Das Budget für dieses Ziel wird berechnet…</translation>
    </message>
    <message>
        <source>noise only</source>
        <translation>nur Rauschen</translation>
    </message>
    <message>
        <source>The noise alone is about ±%1 points: the releases would show no share of this attribute, only noise.</source>
        <translation>Das Rauschen allein beträgt etwa ±%1 Punkte: Die Veröffentlichungen zeigen keinen Anteil dieses Attributs, nur Rauschen.</translation>
    </message>
    <message>
        <source>Type a target to see what the proposed budget means.</source>
        <translation>Ein Ziel eingeben, um zu sehen, was das vorgeschlagene Budget bedeutet.</translation>
    </message>
    <message>
        <source>No budget reaches this target.</source>
        <translation>Kein Budget erreicht dieses Ziel.</translation>
    </message>
    <message>
        <source>At this budget the run counts its 1-way and small marginals once per block of batches: less noise than a count at every batch, and a lag of less than a block, both in these figures. There a larger budget can do worse (shorter blocks, more counts): the proposed budget holds up to 5% above it.</source>
        <translation>Bei diesem Budget zählt der Lauf seine 1-Weg- und kleinen Marginale einmal je Block von Stapeln: weniger Rauschen als eine Zählung bei jedem Stapel und eine Verzögerung von weniger als einem Block, beides in diesen Angaben enthalten. Dort kann ein größeres Budget schlechter abschneiden (kürzere Blöcke, mehr Zählungen): das vorgeschlagene Budget gilt bis 5 % darüber.</translation>
    </message>
    <message>
        <source>Optimistic below 200 rows per step: on data it was not fitted on the 1-way errors reached %1 times the model&apos;s figure (Help ▸ Guide, &quot;Target accuracy&quot;).</source>
        <translation>Optimistisch unter 200 Zeilen pro Schritt: an Daten, an die es nicht angepasst wurde, erreichten die 1-Weg-Fehler das %1-Fache der Modellangabe (Hilfe ▸ Anleitung, &quot;Zielgenauigkeit&quot;).</translation>
    </message>
</context>
<context>
    <name>streamsynth::ui::TrueVsSyntheticView</name>
    <message>
        <source>Computed from the private data: not for publication.</source>
        <translation>Aus den privaten Daten berechnet: nicht zur Veröffentlichung.</translation>
    </message>
    <message>
        <source>Series:</source>
        <translation>Reihe:</translation>
    </message>
    <message>
        <source>Attribute or workload:</source>
        <translation>Merkmal oder Workload:</translation>
    </message>
    <message>
        <source>TV distance %1</source>
        <translation>TV-Abstand %1</translation>
    </message>
    <message>
        <source>True vs synthetic (no finished run)</source>
        <translation>Echt vs. synthetisch (kein abgeschlossener Lauf)</translation>
    </message>
    <message>
        <source>True vs synthetic: %1</source>
        <translation>Echt vs. synthetisch: %1</translation>
    </message>
    <message>
        <source>true</source>
        <translation>echt</translation>
    </message>
    <message>
        <source>synthetic</source>
        <translation>synthetisch</translation>
    </message>
    <message>
        <source>share of rows</source>
        <translation>Anteil der Zeilen</translation>
    </message>
    <message>
        <source>The series of the last run whose release is compared with the private data.</source>
        <translation>Die Reihe des letzten Laufs, deren Freigabe mit den privaten Daten verglichen wird.</translation>
    </message>
    <message>
        <source>The attribute (1-way) or workload (2-way) whose true and synthetic shares are shown, with their total-variation distance.</source>
        <translation>Das Merkmal (1-fach) oder der Workload (2-fach), dessen echte und synthetische Anteile gezeigt werden, mit ihrem Totalvariationsabstand.</translation>
    </message>
    <message>
        <source>%1 = %2: true %3%, synthetic %4%</source>
        <translation>%1 = %2: echt %3 %, synthetisch %4 %</translation>
    </message>
    <message>
        <source>the %1 largest of %2 cells</source>
        <translation>die %1 größten von %2 Zellen</translation>
    </message>
</context>
<context>
    <name>streamsynth::ui::UnitChooser</name>
    <message>
        <source>each row (event level)</source>
        <translation>jede Zeile (Ereignisebene)</translation>
    </message>
    <message>
        <source>each person or unit, identified by column</source>
        <translation>jede Person oder Einheit, erkannt an der Spalte</translation>
    </message>
    <message>
        <source>The column that identifies a unit (a patient number): read to bound the rows, never released and never an attribute.</source>
        <translation>Die Spalte, die eine Einheit erkennt (eine Patientennummer): nur gelesen, um die Zeilen zu begrenzen, nie veröffentlicht und nie ein Attribut.</translation>
    </message>
    <message>
        <source>at most</source>
        <translation>höchstens</translation>
    </message>
    <message>
        <source> rows</source>
        <translation> Zeilen</translation>
    </message>
    <message>
        <source>The most rows one unit counts over the whole stream (public). More rows per unit keep more data but need more noise.</source>
        <translation>Die meisten Zeilen, die eine Einheit über den ganzen Strom zählt (öffentlich). Mehr Zeilen je Einheit behalten mehr Daten, brauchen aber mehr Rauschen.</translation>
    </message>
    <message>
        <source>over the stream,</source>
        <translation>über den Strom,</translation>
    </message>
    <message>
        <source>The most rows one unit counts in one step (public, at most the rows over the stream). A small bound needs less noise under zCDP.</source>
        <translation>Die meisten Zeilen, die eine Einheit in einem Schritt zählt (öffentlich, höchstens die Zeilen über den Strom). Eine kleine Schranke braucht unter zCDP weniger Rauschen.</translation>
    </message>
    <message>
        <source>in one step</source>
        <translation>in einem Schritt</translation>
    </message>
    <message>
        <source>Each row is protected (event level: each row is counted at one step).</source>
        <translation>Jede Zeile ist geschützt (Ereignisebene: jede Zeile wird in einem Schritt gezählt).</translation>
    </message>
    <message>
        <source>Each unit of column %1 is protected, counting at most %2 of its rows over the stream and %3 in one step; releases count the bounded rows. Needs steps by a time column.</source>
        <translation>Jede Einheit der Spalte %1 ist geschützt; von ihren Zeilen zählen höchstens %2 über den Strom und %3 in einem Schritt; die Veröffentlichungen zählen die begrenzten Zeilen. Braucht Schritte nach einer Zeitspalte.</translation>
    </message>
    <message>
        <source>Each row: the guarantee covers one row; for a person with 12 rows it holds only at 12 times the ε (a conclusion about them can then move e^(12ε) times, not e^ε). Each unit: the guarantee covers all the rows of one person (household, firm), counted up to a public bound; rows beyond it are left out of every release by a public rule.</source>
        <translation>Jede Zeile: Die Garantie deckt eine Zeile; für eine Person mit 12 Zeilen gilt sie nur beim 12-fachen ε (ein Schluss über sie kann sich dann um das e^(12ε)-fache verschieben, nicht um e^ε). Jede Einheit: Die Garantie deckt alle Zeilen einer Person (Haushalt, Firma), gezählt bis zu einer öffentlichen Schranke; Zeilen darüber hinaus werden nach einer öffentlichen Regel aus jeder Veröffentlichung weggelassen.</translation>
    </message>
</context>
<context>
    <name>streamsynth::ui::WorkloadListDialog</name>
    <message>
        <source>Workloads to answer</source>
        <translation>Zu beantwortende Workloads</translation>
    </message>
    <message>
        <source>Check the 2-way marginals the streamers select from and are scored on.</source>
        <translation>Die 2-Weg-Randverteilungen ankreuzen, aus denen die Streamer auswählen und an denen sie gemessen werden.</translation>
    </message>
    <message>
        <source>Filter by attribute name</source>
        <translation>Nach Attributname filtern</translation>
    </message>
    <message>
        <source>%1   (%2 cells)</source>
        <translation>%1   (%2 Zellen)</translation>
    </message>
    <message>
        <source>Check shown</source>
        <translation>Angezeigte ankreuzen</translation>
    </message>
    <message>
        <source>Uncheck shown</source>
        <translation>Angezeigte abwählen</translation>
    </message>
    <message>
        <source>%1 of %2 checked</source>
        <translation>%1 von %2 angekreuzt</translation>
    </message>
    <message>
        <source>Show only the workloads whose attribute names contain this text</source>
        <translation>Nur die Workloads zeigen, deren Merkmalsnamen diesen Text enthalten</translation>
    </message>
    <message>
        <source>Check every workload shown by the filter</source>
        <translation>Jeden vom Filter gezeigten Workload ankreuzen</translation>
    </message>
    <message>
        <source>Uncheck every workload shown by the filter</source>
        <translation>Jedes Kreuz bei den vom Filter gezeigten Workloads entfernen</translation>
    </message>
</context>
</TS>
